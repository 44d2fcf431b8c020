import CGtk
import ClickGuard

/// What one activation activates, as the judge needs it: the control, its
/// action and kind, and who made it.
struct ActivationTarget {
  /// The control: the widget, a list's item, or a tree or icon view (whose
  /// rows are not widgets).
  let widget: gpointer
  /// The list an item belongs to: a wrapped list's settings apply to it.
  let container: gpointer?
  let action: ActionName
  let kind: ControlKind
  let input: InputAttribution
  /// The widget's ClickGuard state, when the row found it: the judge then
  /// does not look it up again.
  let state: WidgetGuardState?
  /// Runs once the activation is accepted.
  let accepted: (@MainActor () -> Void)?
  /// Whether a person's press may be a repeat the window lets through (a
  /// button's click: ``RepeatableControls``).
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

/// What a button's or menu item's type says about its activations: whether
/// it toggles, and its GtkActionable interface, which names the GAction it
/// activates. Asked of GObject once per widget and kept on its
/// ``WidgetGuardState``: a type never changes, and GObject's type queries
/// read type data that the first click after a pause finds cold, which made
/// them the slowest part of judging it.
struct ControlTraits {
  var kind: ControlKind
  /// The class's GtkActionable interface, if it implements one.
  var actionable: UnsafeMutablePointer<GtkActionableInterface>?

  /// The traits of `instance`, a toggle when it is a `toggleType`: those kept
  /// on its `state`, else asked of GObject now (and kept, if it has a state).
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

  /// The action an activation of `instance` performs: its GAction, if it
  /// has one, else the signal's name.
  func actionName(of instance: gpointer, signal: String) -> ActionName {
    guard let name = actionable?.pointee.get_action_name?(OpaquePointer(instance)) else { return ActionName(signal) }
    return ActionName(String(cString: name))
  }
}

/// One activation path ClickGuard judges by overriding a class handler: a
/// row of ``ActivationPaths/table``.
struct ActivationPath {
  /// The C signature of the overridden class handler, which picks the
  /// trampoline and the chain-up that serve it.
  enum Handler {
    /// `void (instance)`.
    case void
    /// `void (instance)`, overridden on the class that defines the signal,
    /// whose original handler is the class's method `run`: the chain-up
    /// calls it directly (GtkButton's `clicked`, the path most clicks take).
    case method(run: @convention(c) (gpointer?) -> Void)
    /// `gboolean (instance)`: a keybinding signal; a drop reports the key
    /// handled.
    case boolean
    /// `gboolean (instance, gboolean)`: likewise.
    case booleanWithBoolean
  }

  /// Where an emission is judged.
  enum Judgment {
    /// In the class handler, by what an emission on an instance
    /// activates; `nil` when it activates nothing that is judged (a menu
    /// item opening its submenu).
    case target(@MainActor (gpointer, InputTracker) -> ActivationTarget?)
    /// Before the app's handlers, in an emission hook (a run-last signal:
    /// GtkSwitch's `state-set`, ``SwitchChanges``); the class handler asks
    /// whether to run the original one.
    case beforeHandlers(runsClassHandler: @MainActor (gpointer, SwitchChanges) -> Bool)
    /// Never: the override only notes the emission before the original
    /// handler runs (who began a switch's change), and what that handler
    /// does is no judged activation's consequence.
    case noted(@MainActor (gpointer, SwitchChanges) -> Void)
  }

  /// The GType name of the class whose handler is overridden, once GTK
  /// initialises it.
  var typeName: String
  var signal: String
  var handler: Handler
  var judgment: Judgment

  /// A row judged in the class handler by `target`, which reads who made
  /// the activation from the tracker it is given.
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

/// The activation paths ClickGuard judges in a class handler, as one table,
/// and the one step that serves them: judge, then run the original class
/// handler or stop the emission.
///
/// Every row's signal but one runs its class handler before the app's
/// handlers (or is a keybinding signal whose class handler does the
/// activation), so the override runs before anything of the activation
/// happens: a toggle's flip, a radio group's update, a GtkActionable's
/// GAction, a list's selection, `row-activated`. A drop does not chain up
/// and stops the emission, so nothing of it happens, and a dropped toggle
/// never shows a state the app was not told. Adding a path is adding a row.
///
/// The one is GtkSwitch's `state-set`, run-last and emitted after the
/// switch already flipped `active`: ``SwitchChanges`` judges it in an
/// emission hook, before the app's handlers, and blocks them for a drop;
/// the row's override then puts `active` back instead of running GTK's
/// default handler (the GAction, `state`) and stops the emission; its
/// `activate` row judges nothing and notes who began the change. Judged
/// like every other path, a switch is still skipped by the default lag
/// profile and judged under bounce, one flip per bounce, the switch
/// showing what the app was told.
///
/// Two families are judged elsewhere, with the same judge and a veto of
/// their own: key presses whose app handlers run before any class handler
/// (an entry's Return, GAction accelerators: ``KeyActivationFilter``
/// consumes the press) and double-clicks on tree and icon views
/// (``ViewDoubleClicks`` blocks the handlers). docs/module.md's
/// "Activation paths" lists all of them with their tests.
@MainActor
final class ActivationPaths {
  /// The rows.
  static let table: [ActivationPath] = [
    ActivationPath(typeName: "GtkButton", signal: "clicked", handler: .method(run: cg_button_clicked_method)) {
      button, input in
      let state = WidgetGuardState.existing(on: button)
      let traits = ControlTraits.of(button, toggleType: gtk_toggle_button_get_type(), state: state)
      return ActivationTarget(
        widget: button, action: traits.actionName(of: button, signal: "clicked"), kind: traits.kind,
        input: input.attribution(forClickOf: button), state: state, readsRepeats: true)
    },
    ActivationPath(typeName: "GtkMenuItem", signal: "activate", handler: .void) { item, input in
      // An item that opens a submenu does not act: menus are left alone.
      guard gtk_menu_item_get_submenu(item.assumingMemoryBound(to: GtkMenuItem.self)) == nil else { return nil }
      let state = WidgetGuardState.existing(on: item)
      let traits = ControlTraits.of(item, toggleType: gtk_check_menu_item_get_type(), state: state)
      return ActivationTarget(
        widget: item, action: traits.actionName(of: item, signal: "activate"), kind: traits.kind,
        input: input.attribution(forMenuItem: item), state: state)
    },
    // GtkUIManager apps (pluma, MATE, older Xfce): an accelerator
    // (GtkAccelGroup), a menu item or a tool item runs a GtkAction's
    // `activate`, whose class handler runs before the app's handlers. Named
    // by type, so no deprecated call is made; the item's own path judged
    // a click or mnemonic first, which makes this one nested.
    ActivationPath(typeName: "GtkAction", signal: "activate", handler: .void) { action, input in
      let state = WidgetGuardState.existing(on: action)
      let toggle = g_type_from_name("GtkToggleAction")
      let name = swiftString(gtk_buildable_get_name(OpaquePointer(action))) ?? "activate"
      return ActivationTarget(
        widget: action, action: ActionName(name),
        kind: toggle != 0 && GObjectType.isA(action, toggle) ? .toggle : .button,
        input: input.attribution(forAction: action), state: state)
    },
    // Return and Space reach the focused row through GtkWindow's
    // `activate-default` / `activate-focus`, which emit the item's own
    // `activate`; the list's keybinding is `activate-cursor-row` /
    // `-child`. Neither emits the other.
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
    // Space and Enter reach a switch through `activate`, whose class
    // handler begins its change: who pressed is noted first.
    ActivationPath(
      typeName: "GtkSwitch", signal: "activate", handler: .void,
      judgment: .noted { $1.toggleBegun($0) }),
    ActivationPath(
      typeName: "GtkSwitch", signal: "state-set", handler: .booleanWithBoolean,
      judgment: .beforeHandlers { $1.runsClassHandler($0) }),
  ]

  /// GtkSwitch's changes, judged before the app's `state-set` handlers.
  let switches: SwitchChanges

  /// Where input stands: each row's activation is attributed by it, and
  /// it hears when an original class handler runs.
  private let input: InputTracker
  /// What every row's activation is judged by.
  private let judge: ActivationJudge

  /// The paths of `runtime`: its input tracker and its judge.
  init(runtime: GuardRuntime) {
    input = runtime.input
    judge = runtime.judge
    switches = SwitchChanges(runtime: runtime)
  }

  /// Overrides the class handler of every row, and hooks what attribution
  /// and the switch's judgment need (a button's `activate`,
  /// ``SwitchChanges``), each once GTK has initialised its class
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
      // Space and Enter reach a button through `activate`; its `clicked`
      // comes on the key's release or from a timeout.
      EmissionHook.add("activate", on: type) { emission in
        self.input.buttonActivated(emission.instance)
        return true
      }
    }
    switches.install(when: classes)
  }

  /// The step of an overridden class handler: judges what the emission on
  /// `instance` activates by the table's row `data` names; a drop stops the
  /// emission and returns `dropped`, else the original class handler runs
  /// (counted as a chain-up when the emission was judged) and its result
  /// is returned. `original` runs it, told how the row's handler is called.
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

  /// A list item's activation: the item is the control (GTK keeps it
  /// focused, so another row is another gate), with its list's settings; a
  /// key press is the person's, anything else the app's own code.
  private static func listItem(_ item: gpointer, action: ActionName, input tracker: InputTracker) -> ActivationTarget {
    let input = tracker.current.flatMap { $0.isKeyPress ? tracker.keyAttribution($0) : nil } ?? .programmatic
    let list = gtk_widget_get_parent(item.assumingMemoryBound(to: GtkWidget.self)).map { UnsafeMutableRawPointer($0) }
    return ActivationTarget(widget: item, container: list, action: action, input: input)
  }

  /// The list's focused item, if it is of `type`.
  private static func focusedItem(of list: gpointer, type: GType) -> gpointer? {
    guard let item = gtk_container_get_focus_child(list.assumingMemoryBound(to: GtkContainer.self)),
      GObjectType.isA(item, type)
    else { return nil }
    return UnsafeMutableRawPointer(item)
  }
}

// One trampoline per C signature of an overridden class handler. GTK emits
// on its own thread, the main one.

/// `void (instance)`.
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

/// `gboolean (instance)`.
private let booleanHandler: @convention(c) (gpointer?, gpointer?) -> gboolean = { instance, data in
  guard let instance else { return 0 }
  let widget = CallbackArgument(instance)
  let row = CallbackArgument(data)
  return MainActor.assumeIsolated {
    GuardRuntime.shared.paths.run(widget.value, row: row.value, dropped: 1) { _ in cg_chain_up_boolean(widget.value) }
  }
}

/// `gboolean (instance, gboolean)`.
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
