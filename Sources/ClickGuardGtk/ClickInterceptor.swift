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
  /// A key's `activate` on a button, waiting for the `clicked` it leads to.
  private struct KeyboardActivation {
    var widget: gpointer
    var keyval: UInt32
    var time: UInt32
    var processed: ClickInstant
  }

  /// How long after a keyboard `activate` a `clicked` with no current event
  /// (GtkButton's activate timeout for a held key) still counts as that
  /// key's.
  static let keyboardAttributionWindow = Duration.milliseconds(1500)

  private var keyboard: KeyboardActivation?
  /// How many `clicked` class handlers are running (a radio's click on the
  /// previous member of its group happens inside the outer one's chain-up).
  private var chainDepth = 0

  /// Installs the overrides and the hooks: GtkButton's now, GtkMenuItem's
  /// and GtkSwitch's once GTK has initialised them (``ClassSetupQueue``).
  func install(when classes: ClassSetupQueue) {
    // At gtk_module_init time the class may not exist yet.
    g_type_class_unref(g_type_class_ref(gtk_button_get_type()))
    cg_override_class_handler("clicked", gtk_button_get_type(), clickedOverride)
    classes.whenInitialized("GtkMenuItem") { cg_override_class_handler("activate", $0, menuItemOverride) }
    classes.whenInitialized("GtkSwitch") { type in
      EmissionHook.add("state-set", on: type) { emission in
        GuardRuntime.shared.interceptor.switchStateSet(emission.instance)
        return true
      }
    }
    // Space and Enter reach a button through `activate`; a held key ends in
    // a `clicked` from a timeout with no current event.
    EmissionHook.add("activate", on: gtk_button_get_type()) { emission in
      GuardRuntime.shared.interceptor.keyboardActivated(emission.instance)
      return true
    }
  }

  fileprivate func keyboardActivated(_ widget: gpointer) {
    withCurrentEvent { event in
      guard let event, isKey(event) else { return }
      var keyval: guint = 0
      gdk_event_get_keyval(event, &keyval)
      keyboard = KeyboardActivation(
        widget: widget, keyval: keyval, time: gdk_event_get_time(event), processed: ClickClock.system.now)
    }
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
    intercept(instance, signal: "activate", kind: isCheck ? .toggle : .button) { menuAttribution() }
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
  /// clock.
  func attribution(for instance: gpointer) -> InputAttribution {
    // Inside another button's class handler: a radio deactivating the old
    // member of its group, a toggle's set_active from its own click.
    if chainDepth > 0 { return .stamped(.nested, time: gtk_get_current_event_time()) }
    // A key's `activate` leads to one `clicked` at most: used once, so the
    // app's own clicks on the widget afterwards stay its own.
    let keyboard = self.keyboard.flatMap { $0.widget == instance ? $0 : nil }
    if keyboard != nil { self.keyboard = nil }
    let fromEvent: InputAttribution? = withCurrentEvent { event in
      guard let event else { return nil }
      let time = gdk_event_get_time(event)
      if isKey(event) {
        // A key counts for the button it activated (GTK acts on its release);
        // a handler of that key's click activating another button is the
        // app's own code.
        guard keyboard != nil else { return .programmatic }
        return ActivationJudge.keyAttribution(event)
      }
      // Pointer input counts for the widget it landed on; the app's own code
      // activating another widget from such a handler does not.
      if time != 0, landed(event, on: instance) { return .stamped(time: time) }
      return nil
    }
    if let fromEvent { return fromEvent }
    let now = ClickClock.system.now
    if let keyboard, keyboard.processed.duration(to: now) < Self.keyboardAttributionWindow, keyboard.time != 0 {
      // The activate timeout of a held key: GTK acts now, which by the input
      // clock is the press's time plus the time since it was processed.
      let held = keyboard.processed.duration(to: now) / .milliseconds(1)
      let actedAt = EventTimestamp(milliseconds: keyboard.time).adding(milliseconds: Int64(held))
      return ActivationJudge.keyAttribution(keyval: keyboard.keyval, actedAt: actedAt.milliseconds)
    }
    return .programmatic
  }

  /// Who caused a menu item's activation now: a click, its mnemonic or its
  /// accelerator is the person's, a held key's auto-repeat on the
  /// accelerator a deliberate repeat, anything else the app's own code.
  private func menuAttribution() -> InputAttribution {
    if chainDepth > 0 { return .stamped(.nested, time: gtk_get_current_event_time()) }
    return withCurrentEvent { event in
      guard let event, gdk_event_get_time(event) != 0 else { return .programmatic }
      let time = gdk_event_get_time(event)
      guard isKey(event) else { return .stamped(time: time) }
      if GuardRuntime.shared.input.lastPressRepeated { return .stamped(.keyRepeat, time: time) }
      return ActivationJudge.keyAttribution(event)
    }
  }

  /// Whether `event` was delivered to `instance` or a widget inside it;
  /// events that are not pointer or touch input are not checked.
  private func landed(_ event: UnsafeMutablePointer<GdkEvent>, on instance: gpointer) -> Bool {
    switch gdk_event_get_event_type(event) {
    case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_TOUCH_BEGIN,
      GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL, GDK_MOTION_NOTIFY:
      guard let target = eventWidget(event) else { return false }
      let button = instance.assumingMemoryBound(to: GtkWidget.self)
      return target == button || gtk_widget_is_ancestor(target, button) != 0
    default:
      return true
    }
  }

  private func isKey(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
    let type = gdk_event_get_event_type(event)
    return type == GDK_KEY_PRESS || type == GDK_KEY_RELEASE
  }

  /// The action an activation performs: an actionable widget's GAction,
  /// else the signal's name.
  private func actionName(of instance: gpointer, signal: String) -> ActionName {
    guard let name = gtk_actionable_get_action_name(OpaquePointer(instance)) else { return ActionName(signal) }
    return ActionName(String(cString: name))
  }
}

/// Calls `body` with a copy of the event GTK is handling now (`nil` when
/// there is none), freed afterwards.
@MainActor
func withCurrentEvent<R>(_ body: (UnsafeMutablePointer<GdkEvent>?) -> R) -> R {
  let event = gtk_get_current_event()
  defer { if let event { gdk_event_free(event) } }
  return body(event)
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
