import CGtk
import ClickGuard

/// Judges the activation of a GtkTreeView row and of a GtkIconView item, by
/// keyboard (Return: `select-cursor-row`; Return, Space:
/// `activate-cursor-item`) and by a double-click (`button-press-event`).
///
/// Both are keybinding signals whose class handler does the activation
/// (select the cursor row, then emit `row-activated`; activate the cursor
/// item's cells, then emit `item-activated`), so a class-handler override
/// runs before anything of it. A drop does not chain up, stops the emission
/// and reports the key as handled. Only presses that would activate are
/// judged: a tree view with an editable or activatable cell (Return starts
/// editing or toggles it) and Shift+Return (which extends the selection)
/// are left alone, as is anything without a cursor.
///
/// A double-click activates inside the views' `button-press-event` class
/// handler (a tree view on the second press, as its click gesture counts;
/// an icon view on GDK's `GDK_2BUTTON_PRESS`), which emits the
/// `row-activated` / `item-activated` the app connects to. Those are
/// run-last: the app's handlers run before any class handler. So an
/// override of `button-press-event` brackets the press, an emission hook
/// (which runs before every handler) judges an activation made inside the
/// bracket, and a drop blocks the view's handlers of that signal until the
/// press is handled. Views that activate on a single click (on release) are
/// left alone.
///
/// Rows and items are not widgets: the control is the view, and the action
/// names the row's path (`row-activated 1`), the same by keyboard and by
/// mouse, so another row is another gate. A gate guards the item, not the
/// position: when the row at its path is another item than the one it
/// accepted (a new folder shown in the same view, rows sorted or removed),
/// its window no longer applies (``ViewItems``), while input made before
/// the accepted action finished still counts as that action's burst.
@MainActor
final class TreeActivationInterceptor {
  /// A handler of a view that is blocked for a dropped activation.
  private struct BlockedHandler {
    var view: gpointer
    var id: gulong
  }

  /// The view whose press is being handled, if any.
  private var pressedView: gpointer?
  private var blocked: [BlockedHandler] = []

  /// Installs the overrides of each view's class once GTK has initialised
  /// it (``ClassSetupQueue``).
  func install(when classes: ClassSetupQueue) {
    classes.whenInitialized("GtkTreeView") { type in
      cg_override_class_handler_boolean_boolean("select-cursor-row", type, treeViewOverride)
      Self.interceptDoubleClicks(of: type, signal: "row-activated")
    }
    classes.whenInitialized("GtkIconView") { type in
      cg_override_class_handler_boolean("activate-cursor-item", type, iconViewOverride)
      Self.interceptDoubleClicks(of: type, signal: "item-activated")
    }
  }

  /// Brackets presses on views of `type` and judges the `signal` (its
  /// `row-activated` / `item-activated`) they emit.
  private static func interceptDoubleClicks(of type: GType, signal: String) {
    cg_override_class_handler_boolean_pointer("button-press-event", type, viewPressOverride)
    EmissionHook.add(signal, on: type) { emission in
      guard emission.parameters.count > 1,
        let path = g_value_get_boxed(emission.parameters.baseAddress.map { $0 + 1 })
      else { return true }
      GuardRuntime.shared.treeActivations.pathActivated(
        emission.instance, signalID: emission.signalID, path: OpaquePointer(path), name: signal)
      return true
    }
  }

  /// A press on a view is being handled by the view's class handler, where
  /// the view activates a row or item when the press ends a double-click:
  /// its `row-activated` / `item-activated` is judged in the emission hook
  /// (``pathActivated(_:signalID:path:name:)``), and the handlers blocked
  /// for a dropped one are unblocked once the press is handled.
  fileprivate func viewPressed(_ view: gpointer, event: gpointer) -> gboolean {
    guard ActivationJudge.routes(view) else { return cg_chain_up_boolean_pointer(view, event) }
    let outer = pressedView
    pressedView = view
    let handled = cg_chain_up_boolean_pointer(view, event)
    pressedView = outer
    for handler in blocked where handler.view == view && g_signal_handler_is_connected(view, handler.id) != 0 {
      g_signal_handler_unblock(view, handler.id)
    }
    blocked.removeAll { $0.view == view }
    return handled
  }

  /// A view emits `row-activated` / `item-activated` (`signalID`, `name`)
  /// for `path`: judged when it comes from a press on that view (a
  /// double-click). A drop blocks the view's handlers of the signal until
  /// the press is handled, so none of the app's handlers run.
  private func pathActivated(_ view: gpointer, signalID: guint, path: OpaquePointer, name: String) {
    guard pressedView == view else { return }
    let time = GuardRuntime.shared.input.current?.time ?? 0
    guard !allowsItem(at: path, of: view, signal: name, input: .stamped(time: time)) else { return }
    // Every handler not blocked already, one at a time (GLib blocks
    // handlers in bulk only by closure, function or data).
    let unblocked = GSignalMatchType(G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue)
    while case let id = g_signal_handler_find(view, unblocked, signalID, 0, nil, nil, nil), id != 0 {
      g_signal_handler_block(view, id)
      blocked.append(BlockedHandler(view: view, id: id))
    }
  }

  /// GtkTreeView's `select-cursor-row`: judged when it would activate the
  /// cursor row.
  fileprivate func selectCursorRow(_ view: gpointer, startEditing: gboolean) -> gboolean {
    let tree = view.assumingMemoryBound(to: GtkTreeView.self)
    var path: OpaquePointer?
    var column: UnsafeMutablePointer<GtkTreeViewColumn>?
    gtk_tree_view_get_cursor(tree, &path, &column)
    guard let path else { return cg_chain_up_boolean_boolean(view, startEditing) }
    defer { gtk_tree_path_free(path) }
    let widget = view.assumingMemoryBound(to: GtkWidget.self)
    guard gtk_widget_has_focus(widget) != 0, !hasInteractiveCell(tree), let event = keyPress(),
      event.modifiers & GDK_SHIFT_MASK.rawValue == 0  // Shift+Return extends the selection
    else { return cg_chain_up_boolean_boolean(view, startEditing) }
    guard allowsItem(at: path, of: view, signal: "row-activated", input: ActivationJudge.keyAttribution(event)) else {
      g_signal_stop_emission_by_name(view, "select-cursor-row")
      return 1
    }
    return cg_chain_up_boolean_boolean(view, startEditing)
  }

  /// GtkIconView's `activate-cursor-item`: judged when there is a cursor
  /// item.
  fileprivate func activateCursorItem(_ view: gpointer) -> gboolean {
    let icons = view.assumingMemoryBound(to: GtkIconView.self)
    var path: OpaquePointer?
    guard gtk_icon_view_get_cursor(icons, &path, nil) != 0, let path else { return cg_chain_up_boolean(view) }
    defer { gtk_tree_path_free(path) }
    let input = keyPress().map { ActivationJudge.keyAttribution($0) } ?? .programmatic
    guard allowsItem(at: path, of: view, signal: "item-activated", input: input) else {
      g_signal_stop_emission_by_name(view, "activate-cursor-item")
      return 1
    }
    return cg_chain_up_boolean(view)
  }

  /// Judges the activation of the item at `path` of `view`, emitted as
  /// `signal`: on the gate of its path, once that gate is known to guard
  /// this item.
  private func allowsItem(
    at path: OpaquePointer, of view: gpointer, signal: String, input: InputAttribution
  ) -> Bool {
    let action = ActionName("\(signal) \(pathString(path))")
    let items = ViewItems.attached(to: view)
    let model = ViewItems.model(of: view)
    if let model, items.isAnotherItem(at: path, action: action, in: model) {
      GuardRuntime.shared.dispatcher.retarget(.control(ControlID(object: view), action))
    }
    guard ActivationJudge.allows(view, action: action, input: input) else { return false }
    if let model { items.accepted(at: path, action: action, in: model) }
    return true
  }

  /// The key press being dispatched now, if that is what is handled.
  private func keyPress() -> InputTracker.DispatchedEvent? {
    GuardRuntime.shared.input.current.flatMap { $0.isKeyPress ? $0 : nil }
  }

  /// Whether any column of the view has a cell that Return edits or
  /// toggles instead of activating the row.
  private func hasInteractiveCell(_ tree: UnsafeMutablePointer<GtkTreeView>) -> Bool {
    let columns = gtk_tree_view_get_columns(tree)
    defer { g_list_free(columns) }
    var node = columns
    while let current = node {
      let cells = gtk_cell_layout_get_cells(OpaquePointer(current.pointee.data))
      defer { g_list_free(cells) }
      var cell = cells
      while let each = cell {
        if let renderer = each.pointee.data,
          cg_object_get_int(renderer, "mode") != Int32(GTK_CELL_RENDERER_MODE_INERT.rawValue)
        {
          return true
        }
        cell = each.pointee.next
      }
      node = current.pointee.next
    }
    return false
  }

  private func pathString(_ path: OpaquePointer) -> String {
    guard let text = gtk_tree_path_to_string(path) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }
}

/// GtkTreeView's `select-cursor-row` class-handler override.
private let treeViewOverride: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = {
  instance, startEditing, _ in
  guard let instance else { return 0 }
  // GTK emits keybinding signals on its own thread, the main one.
  let view = CallbackArgument(instance)
  return MainActor.assumeIsolated {
    GuardRuntime.shared.treeActivations.selectCursorRow(view.value, startEditing: startEditing)
  }
}

/// GtkIconView's `activate-cursor-item` class-handler override.
private let iconViewOverride: @convention(c) (gpointer?, gpointer?) -> gboolean = { instance, _ in
  guard let instance else { return 0 }
  let view = CallbackArgument(instance)
  return MainActor.assumeIsolated { GuardRuntime.shared.treeActivations.activateCursorItem(view.value) }
}

/// GtkTreeView's and GtkIconView's `button-press-event` class-handler
/// override.
private let viewPressOverride: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { instance, event, _ in
  guard let instance, let event else { return 0 }
  // GTK emits event signals on its own thread, the main one.
  let view = CallbackArgument(instance)
  let press = CallbackArgument(event)
  return MainActor.assumeIsolated { GuardRuntime.shared.treeActivations.viewPressed(view.value, event: press.value) }
}
