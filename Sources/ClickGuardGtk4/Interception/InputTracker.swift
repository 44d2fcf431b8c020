import CGtk4
import ClickGuard

/// Who began the activation being judged: a person, with the event's time,
/// or the app's own code.
struct InputAttribution {
  var source: ActivationSource
  var eventTime: EventTimestamp?
  var pressTime: EventTimestamp?

  static let programmatic = InputAttribution(source: .programmatic)
}

/// The input GTK 4 is handling now, as a capture-phase controller on every
/// window and popover sees it before any widget does, so an activation can
/// be told a person's from the app's own code.
///
/// GTK 4 has no process-wide event handler; each toplevel, and each popover
/// (whose events propagate from the popover, not its window), gets a
/// `GtkEventControllerLegacy` in the capture phase that notes the event
/// (its time feeds the input clock estimate) and lets it through, but for a
/// press the fresh-content fence drops (``ContentFence``) and a dropped
/// accelerator.
///
/// | Event during the handling | Attribution of an activation |
/// |---|---|
/// | button release, touch end | the person's, at the release, pressed at the press |
/// | button press, key press or release | the person's, at the event |
/// | a key's `activate` or a release earlier (a GtkButton clicks 250 ms after a key, a GtkSwitch flips after its animation) | the person's, at that event |
/// | an activation already accepted in the same event | nested |
/// | an application accelerator's key press (``AcceleratorFilter``) | a shortcut, or a held key's repeat |
/// | none | the app's own code |
///
/// What was noted is forgotten when the main loop begins its next iteration.
@MainActor
final class InputTracker {
  private var current: InputAttribution?
  private var acceptedInCurrentEvent = false
  private var lastPress: EventTimestamp?
  /// Activations begun by an event whose signal GTK emits later: a key's
  /// `clicked`, an animated switch's `state-set`.
  private var pendingActivations: [ControlID: InputAttribution] = [:]
  private var isWatching = false
  /// The keys down now, by keycode: a press of one is its auto-repeat.
  private var heldKeys: Set<guint> = []

  /// Adds the capture controller to every toplevel, now and as they are
  /// made, and to every popover as it is first shown.
  func watchWindowsAndPopovers() {
    guard !isWatching else { return }
    isWatching = true
    let toplevels = gtk_window_get_toplevels()!
    addControllers(toplevels, from: 0, count: g_list_model_get_n_items(toplevels))
    _ = cg4_connect_items_changed(toplevels, toplevelsChanged, nil)
    g_type_class_unref(g_type_class_ref(gtk_widget_get_type()))
    EmissionHook.add("map", on: gtk_widget_get_type()) { [unowned self] emission in
      let widget = emission.instance.assumingMemoryBound(to: GtkWidget.self)
      if GObjectType.isA(widget, gtk_popover_get_type()) { addController(to: widget) }
      return true
    }
  }

  fileprivate func addControllers(_ toplevels: OpaquePointer, from position: guint, count: guint) {
    for index in position..<position + count {
      guard let item = g_list_model_get_item(toplevels, index) else { continue }
      defer { g_object_unref(item) }
      addController(to: item.assumingMemoryBound(to: GtkWidget.self))
    }
  }

  /// Adds the capture controller to `native` (a window or popover) unless it has it.
  private func addController(to native: WidgetPointer) {
    let object = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GObject.self)
    guard g_object_get_qdata(object, Self.watchedQuark) == nil else { return }
    g_object_set_qdata(object, Self.watchedQuark, native)
    let controller = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_name(controller, "clickguard-input")
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    _ = cg4_connect_legacy_event(controller, legacyEvent, native)
    gtk_widget_add_controller(native, controller)
  }

  private static let watchedQuark = g_quark_from_string("clickguard-gtk4-input-watched")
  /// The events whose times tell where the input clock stands (``ClickDispatcher/estimatedInputTime(at:)``).
  private static let readsInputClock: [GdkEventType] = [
    GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_KEY_PRESS, GDK_KEY_RELEASE, GDK_MOTION_NOTIFY,
  ]

  /// `native` (a window or popover) saw `event` before its widgets.
  /// - Returns: whether to consume it (a press the fence dropped, a dropped accelerator).
  fileprivate func note(_ event: OpaquePointer, in native: WidgetPointer) -> Bool {
    let time = EventTimestamp(gdkTime: gdk_event_get_time(event))
    let type = gdk_event_get_event_type(event)
    if let time, Self.readsInputClock.contains(type) {
      GuardRuntime.shared.dispatcher.observeInput(time, at: GuardRuntime.shared.dispatcher.clock.now)
    }
    if GuardRuntime.shared.fences.drops(event) { return true }
    switch type {
    case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN:
      lastPress = time
      noteCurrent(InputAttribution(source: .user, eventTime: time, pressTime: time))
    case GDK_BUTTON_RELEASE, GDK_TOUCH_END:
      noteCurrent(InputAttribution(source: .user, eventTime: time, pressTime: lastPress))
    case GDK_KEY_PRESS:
      // X11 repeats a held key as presses without releases.
      let isRepeat = !heldKeys.insert(gdk_key_event_get_keycode(event)).inserted
      noteCurrent(InputAttribution(source: .user, eventTime: time))
      let shortcut = InputAttribution(source: isRepeat ? .keyRepeat : .shortcut, eventTime: time)
      return GuardRuntime.shared.accelerators.drops(event, in: native, input: shortcut)
    case GDK_KEY_RELEASE:
      heldKeys.remove(gdk_key_event_get_keycode(event))
      noteCurrent(InputAttribution(source: .user, eventTime: time))
    default: break
    }
    return false
  }

  private func noteCurrent(_ attribution: InputAttribution) {
    current = attribution
    acceptedInCurrentEvent = false
  }

  /// The main loop begins an iteration: the events noted have been handled.
  func iterationBegins() {
    current = nil
    acceptedInCurrentEvent = false
  }

  /// `widget` begins an activation whose signal follows later (a button's
  /// `activate` by a key, a switch's click or key): the signal is the
  /// person's if this was.
  func activationBegun(on widget: gpointer) {
    guard let current else { return }
    pendingActivations[ControlID(object: widget)] = current
  }

  /// Who began the activation of `widget` being emitted now.
  func attribution(of widget: gpointer) -> InputAttribution {
    let pending = pendingActivations.removeValue(forKey: ControlID(object: widget))
    guard var attribution = current ?? pending else { return .programmatic }
    if acceptedInCurrentEvent, current != nil { attribution.source = .nested }
    return attribution
  }

  /// An activation made in the current event was accepted: any other one
  /// the same event causes is its consequence.
  func currentEventAcceptedActivation() {
    if current != nil { acceptedInCurrentEvent = true }
  }
}

private let toplevelsChanged: @convention(c) (OpaquePointer?, guint, guint, guint, gpointer?) -> Void = {
  model, position, _, added, _ in
  guard let model, added > 0 else { return }
  let toplevels = CallbackArgument(model)
  MainActor.assumeIsolated {
    GuardRuntime.shared.input.addControllers(toplevels.value, from: position, count: added)
  }
}

/// The capture controller's `event`: its data is the window or popover it is on. Every
/// event propagates (the app sees it) but a dropped accelerator's press.
private let legacyEvent: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = {
  _, event, window in
  guard let event, let window else { return 0 }
  let argument = CallbackArgument((event, window.assumingMemoryBound(to: GtkWidget.self)))
  return MainActor.assumeIsolated {
    GuardRuntime.shared.input.note(argument.value.0, in: argument.value.1) ? 1 : 0
  }
}
