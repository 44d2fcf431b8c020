// ClickInterceptor: the one place every GtkButton-family `clicked` passes
// through, a class-handler override of `clicked` at GtkButton (GObject's
// twin of method swizzling). It asks the dispatcher, then chains up to the
// original class handler or stops the emission.

import CGtk
import ClickGuard

// The override and the `activate` emission hook, outside the main actor: a
// closure written in `install()` could be isolated to it and checked at run
// time on each call; `MainThread` enters the main actor instead.

/// The `clicked` class-handler override.
private let clickedOverride: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  MainThread.run(ClickInterceptor.clicked, instance)
}

/// The `activate` emission hook.
private let keyboardActivateHook:
  @convention(c) (UnsafeMutablePointer<GSignalInvocationHint>?, guint, UnsafePointer<GValue>?, gpointer?) -> gboolean =
    {
      _, count, values, _ in
      guard count > 0, let values, let object = g_value_get_object(values) else { return 1 }
      // GLib runs emission hooks on the emitting thread, GTK's.
      MainThread.run(ClickInterceptor.keyboardActivated, UnsafeMutableRawPointer(object))
      return 1  // stay connected
    }

/// Judges every `clicked` of a routed button before the button acts.
///
/// The override runs in the class-closure phase, before the toggle's flip,
/// the radio group's update, every handler and the GtkActionable after-handler.
/// Dropping = not chaining up and stopping the emission: nothing of the click
/// happens, so a dropped toggle never shows a state the app was not told.
/// Buttons that are neither wrapped nor covered by ``GlobalGuard`` chain up at
/// once.
@MainActor
enum ClickInterceptor {
  private static var isInstalled = false
  private static var keyboard: (widget: UInt, keyval: UInt32, time: UInt32, processed: MonotonicInstant)?
  /// How many `clicked` class handlers are running right now (nested clicks
  /// happen inside the outer one's chain-up).
  private static var chainDepth = 0

  /// How long after a keyboard `activate` a `clicked` with no current event
  /// (GtkButton's 250 ms activate timeout) is still attributed to that key.
  static let keyboardAttributionWindow = Duration.milliseconds(1500)

  /// Installs the override and the keyboard hook. Idempotent.
  static func install() {
    guard !isInstalled else { return }
    isInstalled = true
    InputFilter.install()
    // At gtk_module_init time the class may not exist yet.
    let buttonClass = g_type_class_ref(gtk_button_get_type())
    _ = buttonClass
    g_signal_override_class_handler(
      "clicked", gtk_button_get_type(), unsafeBitCast(clickedOverride, to: GCallback.self))
    // Keyboard activation (Space, Enter) goes through `activate` and, for a
    // held key, ends in a `clicked` from a timeout with no current event.
    let activate = g_signal_lookup("activate", gtk_button_get_type())
    g_signal_add_emission_hook(activate, 0, keyboardActivateHook, nil, nil)
  }

  fileprivate static func keyboardActivated(_ widget: gpointer) {
    InputFilter.withCurrentEvent { event in
      guard let event else { return }
      let type = gdk_event_get_event_type(event)
      guard type == GDK_KEY_PRESS || type == GDK_KEY_RELEASE else { return }
      var keyval: guint = 0
      gdk_event_get_keyval(event, &keyval)
      keyboard = (UInt(bitPattern: widget), keyval, gdk_event_get_time(event), SystemClock().now())
    }
  }

  fileprivate static func clicked(_ instance: gpointer) {
    let state = WidgetGuardState.existing(on: instance)
    guard (state?.isWrapped ?? false) || GlobalGuard.isInstalled else {
      cg_chain_clicked(instance)
      return
    }
    let dispatcher = GtkClickGuard.dispatcher
    let (source, eventTime) = attribution(for: instance)
    let activation = Activation(
      control: ControlID(object: instance), action: actionName(of: instance),
      kind: GType_.isA(instance, gtk_toggle_button_get_type()) ? .toggle : .button,
      settings: state?.settings ?? ControlSettings(), eventTime: eventTime, source: source)
    // The widget's own gate lives on the widget and dies with it.
    let owner = dispatcher.judgesOwnGate(activation) ? state ?? WidgetGuardState.attached(to: instance) : nil
    let decision: ClickDecision
    if let owner {
      decision = dispatcher.begin(activation, gateOwner: owner)
    } else {
      decision = dispatcher.begin(activation)
    }
    guard decision.runsAction else {
      g_signal_stop_emission_by_name(instance, "clicked")
      return
    }
    if let ticket = decision.ticket { ActivationScope.enter(ticket, owner: owner, dispatcher: dispatcher) }
    chainDepth += 1
    cg_chain_clicked(instance)
    chainDepth -= 1
  }

  /// Who caused this activation, and when by the input's own clock.
  static func attribution(for instance: gpointer) -> (ActivationSource, EventTimestamp?) {
    // Inside another button's class handler: a radio deactivating the old
    // member of its group, a toggle's set_active from its own click.
    if chainDepth > 0 {
      return (.nested, EventTimestamp(gdkTime: gtk_get_current_event_time()))
    }
    // A key's `activate` leads to one `clicked` at most: the record is used
    // once, so the app's own clicks on the widget afterwards stay its own.
    var keyboard: (widget: UInt, keyval: UInt32, time: UInt32, processed: MonotonicInstant)?
    if let record = Self.keyboard, record.widget == UInt(bitPattern: instance) {
      keyboard = record
      Self.keyboard = nil
    }
    let fromEvent: (ActivationSource, EventTimestamp?)? = InputFilter.withCurrentEvent { event in
      guard let event else { return nil }
      let type = gdk_event_get_event_type(event)
      let time = gdk_event_get_time(event)
      if type == GDK_KEY_PRESS || type == GDK_KEY_RELEASE {
        // A key counts for the button it activated; a handler of that key's
        // click activating another button is the app's own code.
        guard keyboard != nil else { return (.programmatic, nil) }
        var keyval: guint = 0
        gdk_event_get_keyval(event, &keyval)
        return (.user, EventTimestamp(gdkTime: InputTracker.downTime(ofKey: keyval) ?? time))
      }
      // Pointer and touch input counts for the widget it landed on; the app's
      // own code activating another widget from such a handler does not.
      if time != 0, landed(event, on: instance) { return (.user, EventTimestamp(gdkTime: time)) }
      return nil
    }
    if let fromEvent { return fromEvent }
    if let keyboard, SystemClock().now().duration(since: keyboard.processed) < keyboardAttributionWindow {
      return (.user, EventTimestamp(gdkTime: InputTracker.downTime(ofKey: keyboard.keyval) ?? keyboard.time))
    }
    return (.programmatic, nil)
  }

  /// Whether `event` was delivered to `instance` or a widget inside it.
  /// Events that are not pointer or touch input are not checked.
  private static func landed(_ event: UnsafeMutablePointer<GdkEvent>, on instance: gpointer) -> Bool {
    switch gdk_event_get_event_type(event) {
    case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_TOUCH_BEGIN,
      GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL, GDK_MOTION_NOTIFY:
      var target: gpointer?
      if let window = cg_event_window(event) { gdk_window_get_user_data(window, &target) }
      guard let target, GType_.isA(target, gtk_widget_get_type()) else { return false }
      let widget = target.assumingMemoryBound(to: GtkWidget.self)
      let button = instance.assumingMemoryBound(to: GtkWidget.self)
      return widget == button || gtk_widget_is_ancestor(widget, button) != 0
    default:
      return true
    }
  }

  /// The action a click performs: the GAction of an actionable button, else
  /// `clicked`.
  private static func actionName(of instance: gpointer) -> ActionName {
    guard let name = gtk_actionable_get_action_name(OpaquePointer(instance)) else {
      return .clicked
    }
    return ActionName(String(cString: name))
  }
}
