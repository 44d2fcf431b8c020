import CGtk
import ClickGuard

/// What one activation activates, as the judge needs it.
struct ActivationTarget {
  /// The widget, a list's item, or a tree or icon view (whose rows are not widgets).
  let widget: gpointer
  /// The list an item belongs to: a wrapped list's settings apply to it.
  let container: gpointer?
  let action: ActionName
  let kind: ControlKind
  let input: InputAttribution
  /// The widget's state, when the row found it, so the judge need not look it up.
  let state: WidgetGuardState?
  /// Runs once the activation is accepted.
  let accepted: (@MainActor () -> Void)?
  /// Whether a press may be a repeat the window lets through (``RepeatableControls``).
  let readsRepeats: Bool

  init(
    widget: gpointer, container: gpointer? = nil, action: ActionName, kind: ControlKind = .button,
    input: InputAttribution, state: WidgetGuardState? = nil, readsRepeats: Bool = false,
    accepted: (@MainActor () -> Void)? = nil
  ) {
    self.readsRepeats = readsRepeats
    self.widget = widget
    self.container = container
    self.action = action
    self.kind = kind
    self.input = input
    self.state = state
    self.accepted = accepted
  }
}

/// What a button's or menu item's type says about its activations: whether it
/// toggles, and the GtkActionable interface naming its GAction. Kept on its
/// ``WidgetGuardState``, since a type never changes and type queries are costly.
struct ControlTraits {
  var kind: ControlKind
  var actionable: UnsafeMutablePointer<GtkActionableInterface>?

  /// The traits of `instance` (a toggle when it is a `toggleType`), kept on `state`.
  @MainActor
  static func of(_ instance: gpointer, toggleType: GType, state: WidgetGuardState?) -> ControlTraits {
    if let traits = state?.traits { return traits }
    let instanceClass = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class
    let traits = ControlTraits(
      kind: GObjectType.isA(instance, toggleType) ? .toggle : .button,
      actionable: g_type_interface_peek(instanceClass, gtk_actionable_get_type())?.assumingMemoryBound(
        to: GtkActionableInterface.self))
    state?.traits = traits
    return traits
  }

  /// Its GAction's name, else the signal's.
  func actionName(of instance: gpointer, signal: String) -> ActionName {
    guard let name = actionable?.pointee.get_action_name?(OpaquePointer(instance)) else { return ActionName(signal) }
    return ActionName(String(cString: name))
  }
}

/// One activation path ClickGuard judges by overriding a class handler: a
/// row of ``ActivationPaths/table``.
struct ActivationPath {
  /// The C signature of the overridden class handler: it picks the trampoline and chain-up.
  enum Handler {
    case void
    /// `void (instance)` on the signal's own class: the chain-up calls its method `run` directly.
    case method(run: @convention(c) (gpointer?) -> Void)
    /// A keybinding signal; a drop reports the key handled.
    case boolean
    case booleanWithBoolean
  }

  /// Where an emission is judged.
  enum Judgment {
    /// In the class handler; `nil` when nothing judged is activated (a submenu opening).
    case target(@MainActor (gpointer, InputTracker) -> ActivationTarget?)
    /// In an emission hook before the app's handlers (run-last `state-set`, ``SwitchChanges``).
    case beforeHandlers(runsClassHandler: @MainActor (gpointer, SwitchChanges) -> Bool)
    /// Never: the override only notes who began the emission.
    case noted(@MainActor (gpointer, SwitchChanges) -> Void)
  }

  /// The GType name of the class whose handler is overridden.
  var typeName: String
  var signal: String
  var handler: Handler
  var judgment: Judgment

  /// A row judged in the class handler by `target`.
  init(
    typeName: String, signal: String, handler: Handler,
    target: @escaping @MainActor (gpointer, InputTracker) -> ActivationTarget?
  ) {
    self.init(typeName: typeName, signal: signal, handler: handler, judgment: .target(target))
  }

  init(typeName: String, signal: String, handler: Handler, judgment: Judgment) {
    self.typeName = typeName
    self.signal = signal
    self.handler = handler
    self.judgment = judgment
  }
}

/// The activation paths judged in a class handler, as one table, and the step
/// that serves them: judge, then chain up or stop the emission.
///
/// Each row's signal runs its class handler before the app's handlers (or is a
/// keybinding signal), so a drop that does not chain up stops all of the
/// activation, and a dropped toggle never shows a state the app was not told.
/// GtkSwitch's run-last `state-set` is judged by ``SwitchChanges`` instead.
/// ``KeyActivationFilter`` and ``ViewDoubleClicks`` judge the paths that run
/// app handlers first; docs/module.md's "Activation paths" lists them all.
@MainActor
final class ActivationPaths {
  static let table: [ActivationPath] = [
    ActivationPath(typeName: "GtkButton", signal: "clicked", handler: .method(run: cg_button_clicked_method)) {
      button, input in
      let state = WidgetGuardState.existing(on: button)
      let traits = ControlTraits.of(button, toggleType: gtk_toggle_button_get_type(), state: state)
      return ActivationTarget(
        widget: button, action: traits.actionName(of: button, signal: "clicked"), kind: traits.kind,
        input: input.attribution(of: .click(button)), state: state, readsRepeats: true)
    },
    ActivationPath(typeName: "GtkMenuItem", signal: "activate", handler: .void) { item, input in
      // An item that opens a submenu does not act: menus are left alone.
      guard gtk_menu_item_get_submenu(item.assumingMemoryBound(to: GtkMenuItem.self)) == nil else { return nil }
      let state = WidgetGuardState.existing(on: item)
      let traits = ControlTraits.of(item, toggleType: gtk_check_menu_item_get_type(), state: state)
      return ActivationTarget(
        widget: item, action: traits.actionName(of: item, signal: "activate"), kind: traits.kind,
        input: input.attribution(of: .menuItem(item)), state: state)
    },
    // GtkUIManager apps: accelerators, menu and tool items run a GtkAction's
    // `activate`. Named by type, so no deprecated call is made.
    ActivationPath(typeName: "GtkAction", signal: "activate", handler: .void) { action, input in
      let state = WidgetGuardState.existing(on: action)
      let toggle = g_type_from_name("GtkToggleAction")
      let name = swiftString(gtk_buildable_get_name(OpaquePointer(action))) ?? "activate"
      return ActivationTarget(
        widget: action, action: ActionName(name),
        kind: toggle != 0 && GObjectType.isA(action, toggle) ? .toggle : .button,
        input: input.attribution(of: .action(action)), state: state)
    },
    // Keys reach a row through its own `activate` (GtkWindow's activate-focus)
    // or the list's `activate-cursor-row`/`-child` keybinding; neither emits the other.
    ActivationPath(typeName: "GtkListBoxRow", signal: "activate", handler: .void) { row, input in
      listItem(row, action: "row-activated", input: input)
    },
    ActivationPath(typeName: "GtkFlowBoxChild", signal: "activate", handler: .void) { child, input in
      listItem(child, action: "child-activated", input: input)
    },
    ActivationPath(typeName: "GtkListBox", signal: "activate-cursor-row", handler: .void) { list, input in
      focusedItem(of: list, type: gtk_list_box_row_get_type()).flatMap {
        listItem($0, action: "row-activated", input: input)
      }
    },
    ActivationPath(typeName: "GtkFlowBox", signal: "activate-cursor-child", handler: .void) { flow, input in
      focusedItem(of: flow, type: gtk_flow_box_child_get_type()).flatMap {
        listItem($0, action: "child-activated", input: input)
      }
    },
    ActivationPath(typeName: "GtkTreeView", signal: "select-cursor-row", handler: .booleanWithBoolean) { view, input in
      ViewItems.cursorRowActivation(of: view, input: input)
    },
    ActivationPath(typeName: "GtkIconView", signal: "activate-cursor-item", handler: .boolean) { view, input in
      ViewItems.cursorItemActivation(of: view, input: input)
    },
    // A switch's `activate` (Space, Enter) begins its change: who pressed is noted.
    ActivationPath(
      typeName: "GtkSwitch", signal: "activate", handler: .void,
      judgment: .noted { $1.toggleBegun($0) }),
    ActivationPath(
      typeName: "GtkSwitch", signal: "state-set", handler: .booleanWithBoolean,
      judgment: .beforeHandlers { $1.runsClassHandler($0) }),
  ]

  let switches: SwitchChanges
  private let input: InputTracker
  private let judge: ActivationJudge

  init(runtime: GuardRuntime) {
    input = runtime.input
    judge = runtime.judge
    switches = SwitchChanges(runtime: runtime)
  }

  /// Overrides every row's class handler once GTK initialises its class
  /// (``ClassSetupQueue``): ClickGuard creates no class the app has not.
  func install(when classes: ClassSetupQueue) {
    for (row, path) in Self.table.enumerated() {
      classes.whenInitialized(path.typeName) { type in
        // Each override's closure carries its row (GINT_TO_POINTER).
        let data = UnsafeMutableRawPointer(bitPattern: row + 1)
        switch path.handler {
        case .void, .method: cg_override_class_handler(path.signal, type, voidHandler, data)
        case .boolean: cg_override_class_handler_boolean(path.signal, type, booleanHandler, data)
        case .booleanWithBoolean:
          cg_override_class_handler_boolean_boolean(path.signal, type, booleanBooleanHandler, data)
        }
      }
    }
    classes.whenInitialized("GtkButton") { type in
      // A key's `clicked` comes later, on release or a timeout: note the `activate`.
      EmissionHook.add("activate", on: type) { emission in
        self.input.buttonActivated(emission.instance)
        return true
      }
    }
    switches.install(when: classes)
  }

  /// Judges the emission on `instance` by the row `data` names: a drop stops
  /// the emission and returns `dropped`, else `original` runs as a chain-up.
  fileprivate func run<R>(
    _ instance: gpointer, row data: gpointer?, dropped: R, original: (ActivationPath.Handler?) -> R
  ) -> R {
    let row = Int(bitPattern: data) - 1
    guard Self.table.indices.contains(row) else { return input.chainingUp { original(nil) } }
    let path = Self.table[row]
    let runs: Bool
    switch path.judgment {
    case .target(let target):
      if let activated = target(instance, input) { runs = judge.allows(activated) } else { runs = true }
    case .beforeHandlers(let runsClassHandler): runs = runsClassHandler(instance, switches)
    case .noted(let note):
      note(instance, switches)
      return original(path.handler)
    }
    guard runs else {
      g_signal_stop_emission_by_name(instance, path.signal)
      return dropped
    }
    return input.chainingUp { original(path.handler) }
  }

  /// A list item's activation, with its list's settings: a key press is the
  /// person's, anything else the app's own code.
  private static func listItem(_ item: gpointer, action: ActionName, input tracker: InputTracker) -> ActivationTarget {
    let input = tracker.attribution(of: .focusActivation)
    let list = gtk_widget_get_parent(item.assumingMemoryBound(to: GtkWidget.self)).map { UnsafeMutableRawPointer($0) }
    return ActivationTarget(widget: item, container: list, action: action, input: input)
  }

  private static func focusedItem(of list: gpointer, type: GType) -> gpointer? {
    guard let item = gtk_container_get_focus_child(list.assumingMemoryBound(to: GtkContainer.self)),
      GObjectType.isA(item, type)
    else { return nil }
    return UnsafeMutableRawPointer(item)
  }
}

// One trampoline per C signature; GTK emits on the main thread, so
// MainActor.assumeIsolated holds.

private let voidHandler: @convention(c) (gpointer?, gpointer?) -> Void = { instance, data in
  guard let instance else { return }
  let widget = CallbackArgument(instance)
  let row = CallbackArgument(data)
  MainActor.assumeIsolated {
    GuardRuntime.shared.paths.run(widget.value, row: row.value, dropped: ()) { handler in
      if case .method(let method) = handler { method(widget.value) } else { cg_chain_up(widget.value) }
    }
  }
}

private let booleanHandler: @convention(c) (gpointer?, gpointer?) -> gboolean = { instance, data in
  guard let instance else { return 0 }
  let widget = CallbackArgument(instance)
  let row = CallbackArgument(data)
  return MainActor.assumeIsolated {
    GuardRuntime.shared.paths.run(widget.value, row: row.value, dropped: 1) { _ in cg_chain_up_boolean(widget.value) }
  }
}

private let booleanBooleanHandler: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = {
  instance, argument, data in
  guard let instance else { return 0 }
  let widget = CallbackArgument(instance)
  let row = CallbackArgument(data)
  return MainActor.assumeIsolated {
    GuardRuntime.shared.paths.run(widget.value, row: row.value, dropped: 1) { _ in
      cg_chain_up_boolean_boolean(widget.value, argument)
    }
  }
}
