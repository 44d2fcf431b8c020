import CGtk4
import ClickGuard

/// The fresh-content fence on GTK 4: keeps pointer and touch presses and
/// activation keys (Return, Space) made before a page appeared, or within
/// the settle time after, from reaching it, so clicks and keys queued while
/// the app lagged do not act on what appeared meanwhile.
///
/// A ``StackNavigator`` arms it for each page it shows and its header bar;
/// under ``GlobalGuard`` a `map` emission hook arms it for toplevel windows,
/// popovers and pages switched into a visible GtkStack. Each content widget
/// keeps a ``FencedContent`` (the core's `SpillOverFence`). ``InputTracker``'s
/// capture controller asks ``drops(_:)`` before any widget sees an event:
/// a press is judged against the nearest armed content under it, an
/// activation key against the content holding the focus, and a dropped
/// press takes its release (or its touch's sequence, or its key's repeats)
/// with it. Other keys typed into armed content disarm its fence.
@MainActor
final class ContentFence: FencedContentOwner {
  private unowned let runtime: GuardRuntime

  /// The process's settings (``GlobalGuard/fenceSettings``).
  var settings = FenceSettings()
  /// Observers of every press dropped: the content it was kept from, why, and its time.
  let droppedPresses = ObserverList<@MainActor (WidgetPointer, SpillOverFence.Reason, EventTimestamp?) -> Void>()
  var liveContentCount = 0

  private var droppedButtons: Set<guint> = []
  private var droppedKeys: Set<guint> = []
  private var droppedTouches: Set<OpaquePointer> = []
  private var isHookInstalled = false

  private static let contentQuark = g_quark_from_string("clickguard-gtk4-fence")
  private static let managedQuark = g_quark_from_string("clickguard-gtk4-fence-managed")

  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  // MARK: Appearance

  /// Starts arming the fence for content that appears anywhere. Idempotent.
  func installMapHook() {
    guard !isHookInstalled else { return }
    isHookInstalled = true
    g_type_class_unref(g_type_class_ref(gtk_widget_get_type()))
    EmissionHook.add("map", on: gtk_widget_get_type()) { [unowned self] emission in
      widgetMapped(emission.instance.assumingMemoryBound(to: GtkWidget.self))
      return true
    }
  }

  /// Marks `stack` as fenced by its owner (``StackNavigator``), not the map hook.
  func manage(_ stack: WidgetPointer) {
    g_object_set_qdata(object(stack), Self.managedQuark, stack)
  }

  private func isManaged(_ stack: WidgetPointer) -> Bool {
    g_object_get_qdata(object(stack), Self.managedQuark) != nil
  }

  private func object(_ widget: WidgetPointer) -> UnsafeMutablePointer<GObject> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
  }

  /// `content` appeared now: arms its fence with `settings`.
  /// - Parameters:
  ///   - managed: whether its owner fences it (judged without the global install).
  ///   - transitionRunning: whether it slides in; settling starts at ``transitionFinished(_:)``.
  ///   - extraSettle: added to the settle time (a transition expected to run).
  func appeared(
    _ content: WidgetPointer, settings: FenceSettings, managed: Bool, transitionRunning: Bool = false,
    extraSettle: Duration = .zero
  ) {
    guard settings.isEnabled else {
      disarm(content)
      return
    }
    let state = FencedContent.attached(to: content, quark: Self.contentQuark, owner: self)
    state.isManaged = managed
    let now = runtime.dispatcher.clock.now
    state.arm(
      settings, doubleClickTime: doubleClickTime(of: content), extraSettle: extraSettle,
      transitionRunning: transitionRunning, serverTime: runtime.dispatcher.estimatedInputTime(at: now), at: now)
  }

  /// `content`'s transition ended: its settle time starts.
  func transitionFinished(_ content: WidgetPointer) {
    guard let state = FencedContent.existing(on: content, quark: Self.contentQuark) else { return }
    let now = runtime.dispatcher.clock.now
    state.transitionFinished(at: now, serverTime: runtime.dispatcher.estimatedInputTime(at: now))
  }

  /// Input for `content` is not fenced any more.
  func disarm(_ content: WidgetPointer) {
    FencedContent.existing(on: content, quark: Self.contentQuark)?.disarm()
  }

  private func doubleClickTime(of widget: WidgetPointer) -> ClickInterval {
    let settings = gtk_widget_get_settings(widget).map(UnsafeMutableRawPointer.init)
    let milliseconds = settings.map { cg_object_get_int($0, "gtk-double-click-time") } ?? 400
    return (try? ClickInterval(milliseconds: Int(milliseconds))) ?? SpillOverFence.defaultSettle
  }

  private func widgetMapped(_ widget: WidgetPointer) {
    guard runtime.guardsEveryButton else { return }
    if GObjectType.isA(widget, gtk_window_get_type()) || GObjectType.isA(widget, gtk_popover_get_type()) {
      appeared(widget, settings: settings, managed: false)
    } else if let stack = gtk_widget_get_parent(widget), GObjectType.isA(stack, gtk_stack_get_type()),
      gtk_widget_get_mapped(stack) != 0, gtk_widget_get_first_child(widget) != nil, !isManaged(stack)
    {
      // A page switched into a stack on screen; a bare label or image swapped in holds nothing to act on.
      appeared(widget, settings: settings, managed: false, extraSettle: expectedTransition(of: stack))
    }
  }

  /// How long the stack's transition will run: it starts after the map, and
  /// `notify` takes no emission hooks, so it is predicted.
  private func expectedTransition(of stack: WidgetPointer) -> Duration {
    guard gtk_stack_get_transition_type(OpaquePointer(stack)) != GTK_STACK_TRANSITION_TYPE_NONE,
      let settings = gtk_widget_get_settings(stack),
      cg_object_get_bool(UnsafeMutableRawPointer(settings), "gtk-enable-animations") != 0
    else { return .zero }
    return .milliseconds(Int(gtk_stack_get_transition_duration(OpaquePointer(stack))))
  }

  // MARK: Input

  /// Whether `event` is dropped: a press or activation key aimed at fenced
  /// content (enforce mode), or the rest of one that was.
  func drops(_ event: OpaquePointer) -> Bool {
    let type = gdk_event_get_event_type(event)
    switch type {
    case GDK_BUTTON_RELEASE:
      return droppedButtons.removeIfHeld(gdk_button_event_get_button(event))
    case GDK_KEY_RELEASE:
      return droppedKeys.removeIfHeld(gdk_key_event_get_keycode(event))
    case GDK_KEY_PRESS:
      return dropsKeyPress(event)
    case GDK_TOUCH_UPDATE:
      return gdk_event_get_event_sequence(event).map { droppedTouches.holds($0) } ?? false
    case GDK_TOUCH_END, GDK_TOUCH_CANCEL:
      return gdk_event_get_event_sequence(event).map { droppedTouches.removeIfHeld($0) } ?? false
    case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN:
      break
    default:
      return false
    }
    let isPress = type == GDK_BUTTON_PRESS
    let eventTime = EventTimestamp(gdkTime: gdk_event_get_time(event))
    guard liveContentCount > 0, runtime.dispatcher.configuration.mode == .enforce, let target = target(of: event),
      let (content, reason) = fencedContentDropping(target, eventTime: eventTime)
    else {
      // A press that passes: a release of its button is its own again.
      if isPress { _ = droppedButtons.removeIfHeld(gdk_button_event_get_button(event)) }
      return false
    }
    if isPress {
      droppedButtons.insert(gdk_button_event_get_button(event))
    } else if let sequence = gdk_event_get_event_sequence(event) {
      droppedTouches.insert(sequence)
    }
    for observer in droppedPresses.observers { observer(content, reason, eventTime) }
    return true
  }

  /// Whether the key press `event` is dropped: an activation key for the
  /// focus in fenced content, or a held one's repeat. Any other key typed
  /// into fenced content disarms its fence.
  private func dropsKeyPress(_ event: OpaquePointer) -> Bool {
    let keycode = gdk_key_event_get_keycode(event)
    if droppedKeys.holds(keycode) { return true }
    guard liveContentCount > 0, let focus = keyFocus(of: event) else { return false }
    let eventTime = EventTimestamp(gdkTime: gdk_event_get_time(event))
    guard Self.activates(event, focus) else {
      if gdk_key_event_is_modifier(event) == 0 { personTyped(into: focus, eventTime: eventTime) }
      return false
    }
    guard runtime.dispatcher.configuration.mode == .enforce,
      let (content, reason) = fencedContentDropping(focus, eventTime: eventTime)
    else { return false }
    droppedKeys.insert(keycode)
    for observer in droppedPresses.observers { observer(content, reason, eventTime) }
    return true
  }

  /// Whether the key press `event` activates `focus`: Return or Enter, or
  /// Space but where it types into text.
  private static func activates(_ event: OpaquePointer, _ focus: WidgetPointer) -> Bool {
    let keyval = gdk_key_event_get_keyval(event)
    if ActivationKeys.enter.contains(keyval) { return true }
    return ActivationKeys.space.contains(keyval) && !GObjectType.isA(focus, gtk_editable_get_type())
      && !GObjectType.isA(focus, gtk_text_view_get_type())
  }

  private func personTyped(into focus: WidgetPointer, eventTime: EventTimestamp?) {
    var widget: WidgetPointer? = focus
    while let current = widget {
      if let state = FencedContent.existing(on: current, quark: Self.contentQuark), state.fence.isArmed {
        state.personTyped(eventTime: eventTime)
      }
      widget = gtk_widget_get_parent(current)
    }
  }

  /// The keyboard focus of the window the key event came to, else that window.
  private func keyFocus(of event: OpaquePointer) -> WidgetPointer? {
    guard let surface = gdk_event_get_surface(event), let native = gtk_native_get_for_surface(surface) else {
      return nil
    }
    let widget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
    guard let root = gtk_widget_get_root(widget) else { return widget }
    return gtk_root_get_focus(root) ?? widget
  }

  /// The widget under the press: picked in the window or popover whose surface it came to.
  private func target(of event: OpaquePointer) -> WidgetPointer? {
    var x = 0.0
    var y = 0.0
    guard let surface = gdk_event_get_surface(event), let native = gtk_native_get_for_surface(surface),
      gdk_event_get_position(event, &x, &y) != 0
    else { return nil }
    var originX = 0.0
    var originY = 0.0
    gtk_native_get_surface_transform(native, &originX, &originY)
    let root = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
    return gtk_widget_pick(root, x - originX, y - originY, GTK_PICK_DEFAULT)
  }

  /// The nearest fenced content `target` is in, and its reason to drop a
  /// press made at `eventTime`; `nil` when every fence on the way passes it.
  private func fencedContentDropping(
    _ target: WidgetPointer, eventTime: EventTimestamp?
  ) -> (WidgetPointer, SpillOverFence.Reason)? {
    let now = runtime.dispatcher.clock.now
    var widget: WidgetPointer? = target
    while let current = widget {
      if let state = FencedContent.existing(on: current, quark: Self.contentQuark), state.fence.isArmed,
        state.isManaged || runtime.guardsEveryButton,
        let reason = state.check(eventTime: eventTime, at: now)
      {
        return (current, reason)
      }
      widget = gtk_widget_get_parent(current)
    }
    return nil
  }
}
