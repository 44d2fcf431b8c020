import CGtk
import ClickGuard

/// The one place every GtkButton-family `clicked` and every GtkMenuItem
/// `activate` passes through: class-handler overrides at GtkButton and
/// GtkMenuItem, GObject's twin of swizzling `sendAction:to:forEvent:`.
///
/// Both signals run their class closure first, so the override runs before
/// the toggle's flip, the radio group's update, every handler and a
/// GtkActionable's GAction. Dropping means not chaining up and stopping the
/// emission, so nothing of the activation happens and a dropped toggle never
/// shows a state the app was not told. Widgets neither wrapped nor covered
/// by ``GlobalGuard`` chain up at once. A menu item is reached the same way
/// by a click, its mnemonic and its accelerator.
///
/// A GtkSwitch has no such signal: under ``GlobalGuard`` its changes are
/// reported (as passed, switches being skipped) from an emission hook on
/// `state-set`; the ``Switch`` wrapper guards one.
@MainActor
final class ClickInterceptor {
  /// A button's `activate` (Space, Enter, a mnemonic, a dialog's default
  /// button), waiting for the one `clicked` GTK makes of it: on the key's
  /// release, or from GtkButton's activate timeout (a held key, or a
  /// release that went elsewhere).
  private struct PendingActivation {
    var widget: gpointer
    /// Who the activation is attributed to.
    var input: InputAttribution
    /// The key that made it, when a person's key did.
    var keyval: UInt32?
  }

  private var pending: PendingActivation?
  /// How many `clicked` class handlers are running (a radio's click on the
  /// previous member of its group happens inside the outer one's chain-up).
  private var chainDepth = 0

  /// Installs the overrides and the hooks, each once GTK has initialised
  /// its class (``ClassSetupQueue``): ClickGuard creates no class the app
  /// has not, so an app that looks up `clicked` before making a button
  /// behaves as without it.
  func install(when classes: ClassSetupQueue) {
    classes.whenInitialized("GtkButton") { type in
      cg_override_class_handler("clicked", type, clickedOverride)
      // Space and Enter reach a button through `activate`; a held key ends
      // in a `clicked` from a timeout with no current event.
      EmissionHook.add("activate", on: type) { emission in
        GuardRuntime.shared.interceptor.buttonActivated(emission.instance)
        return true
      }
    }
    classes.whenInitialized("GtkMenuItem") { cg_override_class_handler("activate", $0, menuItemOverride) }
    classes.whenInitialized("GtkSwitch") { type in
      EmissionHook.add("state-set", on: type) { emission in
        GuardRuntime.shared.interceptor.switchStateSet(emission.instance)
        return true
      }
    }
  }

  /// A button's `activate`: the input it comes from now is what its
  /// `clicked` will be attributed to.
  fileprivate func buttonActivated(_ widget: gpointer) {
    let tracker = GuardRuntime.shared.input
    var activation = PendingActivation(widget: widget, input: .programmatic)
    if chainDepth > 0 || tracker.current?.hasAcceptedActivation == true {
      activation.input = .stamped(.nested, time: tracker.current?.time ?? 0)
    } else if let event = tracker.current, event.isKey, event.time != 0 {
      activation.input = ActivationJudge.keyAttribution(event)
      activation.keyval = event.keyval
    }
    pending = activation
  }

  fileprivate func clicked(_ instance: gpointer) {
    let isToggle = GObjectType.isA(instance, gtk_toggle_button_get_type())
    intercept(instance, signal: "clicked", kind: isToggle ? .toggle : .button) { attribution(for: instance) }
  }

  fileprivate func menuItemActivated(_ instance: gpointer) {
    // An item that opens a submenu does not act: opening and closing menus
    // is left alone.
    guard gtk_menu_item_get_submenu(instance.assumingMemoryBound(to: GtkMenuItem.self)) == nil else {
      cg_chain_up(instance)
      return
    }
    let isCheck = GObjectType.isA(instance, gtk_check_menu_item_get_type())
    intercept(instance, signal: "activate", kind: isCheck ? .toggle : .button) { menuAttribution(of: instance) }
  }

  /// A switch changes state: reported under the global install, as passed
  /// (an emission hook cannot stop a change, so a switch opted in through
  /// ``WidgetSettings`` is not judged here: the ``Switch`` wrapper guards
  /// one).
  fileprivate func switchStateSet(_ instance: gpointer) {
    let state = WidgetGuardState.existing(on: instance)
    guard GuardRuntime.shared.guardsEveryButton, state?.isWrapped != true, state?.settings.policy != .guarded else {
      return
    }
    let input = attribution(for: instance)
    _ = GuardRuntime.shared.dispatcher.begin(
      Activation(
        control: ControlID(object: instance), action: .stateSet, kind: .switch,
        settings: state?.settings ?? ControlSettings(), eventTime: input.eventTime, pressTime: input.pressTime,
        source: input.source))
  }

  /// Judges an activation of `instance`, emitted as `signal`, then chains up
  /// to the original class handler or stops the emission.
  private func intercept(
    _ instance: gpointer, signal: String, kind: ControlKind,
    attribution: () -> InputAttribution
  ) {
    guard ActivationJudge.routes(instance) else {
      cg_chain_up(instance)
      return
    }
    let input = attribution()
    let action = actionName(of: instance, signal: signal)
    guard ActivationJudge.allows(instance, action: action, kind: kind, input: input) else {
      g_signal_stop_emission_by_name(instance, signal)
      return
    }
    chainDepth += 1
    cg_chain_up(instance)
    chainDepth -= 1
  }

  /// Who caused an activation of `instance` now, and when by the input's own
  /// clock: the event being dispatched at this main-loop depth, or the
  /// button `activate` this `clicked` completes; nothing else.
  func attribution(for instance: gpointer) -> InputAttribution {
    let tracker = GuardRuntime.shared.input
    // Inside another button's class handler: a radio deactivating the old
    // member of its group, a toggle's set_active from its own click.
    if chainDepth > 0 { return .stamped(.nested, time: tracker.current?.time ?? 0) }
    // An `activate` leads to one `clicked` at most: used once, so the app's
    // own clicks on the widget afterwards stay its own.
    let pending = self.pending.flatMap { $0.widget == instance ? $0 : nil }
    if pending != nil { self.pending = nil }
    guard let event = tracker.current else {
      // A timeout, an idle, an asynchronous callback: no input made it,
      // unless it completes an `activate` (GtkButton's activate timeout).
      guard let pending else { return .programmatic }
      guard let keyval = pending.keyval else { return pending.input }
      // GTK acts now, which by the input clock is where it stands now.
      let dispatcher = GuardRuntime.shared.dispatcher
      let actedAt = dispatcher.estimatedInputTime(at: dispatcher.clock.now) ?? pending.input.eventTime
      return ActivationJudge.keyAttribution(keyval: keyval, actedAt: actedAt?.milliseconds ?? 0)
    }
    if event.isKey {
      // A key counts for the button it activated (GTK acts on its release);
      // a handler of that key's click activating another button is the
      // app's own code.
      guard let pending else { return .programmatic }
      guard let keyval = pending.keyval, event.time != 0 else { return pending.input }
      return ActivationJudge.keyAttribution(keyval: keyval, actedAt: event.time)
    }
    // Pointer input counts for the widget it landed on; the app's own code
    // activating another widget from such a handler does not.
    if isPointer(event) {
      return event.time != 0 && landed(event, on: instance) ? .stamped(time: event.time) : .programmatic
    }
    return pending?.input ?? .programmatic
  }

  /// Who caused a menu item's activation now: a click, its mnemonic or its
  /// accelerator is the person's (an item not on screen is activated by its
  /// accelerator: a shortcut), a held key's auto-repeat on the accelerator
  /// a deliberate repeat, anything else the app's own code.
  private func menuAttribution(of item: gpointer) -> InputAttribution {
    let tracker = GuardRuntime.shared.input
    if chainDepth > 0 { return .stamped(.nested, time: tracker.current?.time ?? 0) }
    guard let event = tracker.current, event.time != 0 else { return .programmatic }
    guard event.isKey else { return .stamped(time: event.time) }
    if tracker.lastPressRepeated { return .stamped(.keyRepeat, time: event.time) }
    let isOnScreen = gtk_widget_get_mapped(item.assumingMemoryBound(to: GtkWidget.self)) != 0
    return ActivationJudge.keyAttribution(event, source: isOnScreen ? .user : .shortcut)
  }

  /// Whether `event` is pointer or touch input.
  private func isPointer(_ event: InputTracker.DispatchedEvent) -> Bool {
    switch event.type {
    case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_TOUCH_BEGIN,
      GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL, GDK_MOTION_NOTIFY:
      true
    default:
      false
    }
  }

  /// Whether pointer input `event` was delivered to `instance` or a widget
  /// inside it.
  private func landed(_ event: InputTracker.DispatchedEvent, on instance: gpointer) -> Bool {
    guard let target = event.widget?.assumingMemoryBound(to: GtkWidget.self) else { return false }
    let button = instance.assumingMemoryBound(to: GtkWidget.self)
    return target == button || gtk_widget_is_ancestor(target, button) != 0
  }

  /// The action an activation performs: an actionable widget's GAction,
  /// else the signal's name.
  private func actionName(of instance: gpointer, signal: String) -> ActionName {
    guard let name = gtk_actionable_get_action_name(OpaquePointer(instance)) else { return ActionName(signal) }
    return ActionName(String(cString: name))
  }
}

/// The widget an event was delivered to, if it is a widget's window.
@MainActor
func eventWidget(_ event: UnsafeMutablePointer<GdkEvent>) -> WidgetPointer? {
  var data: gpointer?
  if let window = cg_event_window(event) { gdk_window_get_user_data(window, &data) }
  guard let data, GObjectType.isA(data, gtk_widget_get_type()) else { return nil }
  return data.assumingMemoryBound(to: GtkWidget.self)
}

/// The `clicked` class-handler override.
private let clickedOverride: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  // GTK emits `clicked` on its own thread, the main one.
  let button = CallbackArgument(instance)
  MainActor.assumeIsolated { GuardRuntime.shared.interceptor.clicked(button.value) }
}

/// The GtkMenuItem `activate` class-handler override.
private let menuItemOverride: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let item = CallbackArgument(instance)
  MainActor.assumeIsolated { GuardRuntime.shared.interceptor.menuItemActivated(item.value) }
}
