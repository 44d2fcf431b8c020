import CGtk
import ClickGuard

/// Judges the keyboard activation of a list item: a GtkListBox row or a
/// GtkFlowBox child activated by Return, Enter or Space.
///
/// Two signals lead there. Return and Space reach the focused row through
/// GtkWindow's `activate-default` / `activate-focus`, which emit the row's
/// own `activate` (GtkListBoxRow, GtkFlowBoxChild; run-first); the list's
/// `activate-cursor-row` / `activate-cursor-child` (a keybinding signal,
/// run-last with no handlers of the app before it) is the list's own
/// activation. Each class handler does all of the activation (select the
/// item, then emit `row-activated` or `child-activated`) and neither emits
/// the other, so a class-handler override runs before anything of it. Dropping means not chaining up and stopping the emission: the
/// selection stays where the accepted press left it, and moving the cursor
/// (its own keybinding signal) keeps working. Mouse activation does not pass
/// here; GTK already stops a multi-click from activating a row twice.
///
/// The control is the item under the cursor, which GTK keeps focused, so
/// moving to another row and pressing Return there opens another gate.
@MainActor
final class CursorActivationInterceptor {
  /// Installs the overrides of each class once GTK has initialised it
  /// (``ClassSetupQueue``).
  func install(when classes: ClassSetupQueue) {
    classes.whenInitialized("GtkListBox") { cg_override_class_handler("activate-cursor-row", $0, listBoxOverride) }
    classes.whenInitialized("GtkFlowBox") { cg_override_class_handler("activate-cursor-child", $0, flowBoxOverride) }
    classes.whenInitialized("GtkListBoxRow") { cg_override_class_handler("activate", $0, rowOverride) }
    classes.whenInitialized("GtkFlowBoxChild") { cg_override_class_handler("activate", $0, childOverride) }
  }

  /// A list's keybinding asks to activate its cursor item: judges the item
  /// as `action`, then chains up or stops `signal`.
  fileprivate func activateCursor(of list: gpointer, signal: String, itemType: GType, action: ActionName) {
    let container = list.assumingMemoryBound(to: GtkContainer.self)
    guard let item = gtk_container_get_focus_child(container), GObjectType.isA(item, itemType) else {
      cg_chain_up(list)
      return
    }
    activate(item, emitter: list, signal: signal, action: action)
  }

  /// `item`'s own `activate` was emitted: judges it as `action`, then chains
  /// up or stops the emission.
  fileprivate func activateItem(_ item: gpointer, action: ActionName) {
    activate(item, emitter: item, signal: "activate", action: action)
  }

  /// Judges `item`'s activation, emitted as `signal` on `emitter`: a key
  /// press is the person's, anything else the app's own code.
  private func activate(_ item: gpointer, emitter: gpointer, signal: String, action: ActionName) {
    let event = GuardRuntime.shared.input.current
    let input = event.flatMap { $0.isKeyPress ? ActivationJudge.keyAttribution($0) : nil } ?? .programmatic
    let list = gtk_widget_get_parent(item.assumingMemoryBound(to: GtkWidget.self)).map { UnsafeMutableRawPointer($0) }
    guard ActivationJudge.allows(item, in: list, action: action, input: input) else {
      g_signal_stop_emission_by_name(emitter, signal)
      return
    }
    cg_chain_up(emitter)
  }
}

/// GtkListBox's `activate-cursor-row` class-handler override.
private let listBoxOverride: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  // GTK emits keybinding signals on its own thread, the main one.
  let list = CallbackArgument(instance)
  MainActor.assumeIsolated {
    GuardRuntime.shared.cursorActivations.activateCursor(
      of: list.value, signal: "activate-cursor-row", itemType: gtk_list_box_row_get_type(), action: "row-activated")
  }
}

/// GtkFlowBox's `activate-cursor-child` class-handler override.
private let flowBoxOverride: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let flow = CallbackArgument(instance)
  MainActor.assumeIsolated {
    GuardRuntime.shared.cursorActivations.activateCursor(
      of: flow.value, signal: "activate-cursor-child", itemType: gtk_flow_box_child_get_type(),
      action: "child-activated")
  }
}

/// GtkListBoxRow's `activate` class-handler override.
private let rowOverride: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let row = CallbackArgument(instance)
  MainActor.assumeIsolated { GuardRuntime.shared.cursorActivations.activateItem(row.value, action: "row-activated") }
}

/// GtkFlowBoxChild's `activate` class-handler override.
private let childOverride: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let child = CallbackArgument(instance)
  MainActor.assumeIsolated {
    GuardRuntime.shared.cursorActivations.activateItem(child.value, action: "child-activated")
  }
}
