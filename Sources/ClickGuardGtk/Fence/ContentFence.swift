import CGtk
import ClickGuard

/// The fresh-content fence of every app: keeps presses and activation keys
/// made before a window, dialog, popover or page appeared, or within the
/// settle time after, from reaching it.
///
/// A `map` emission hook notes toplevel windows (popups are not content),
/// popovers, and container pages switched into a visible GtkStack or
/// GtkNotebook; each keeps a ``SpillOverFence`` in its qdata. Input is judged
/// in ``GuardRuntime``'s event handler, before GTK, against the nearest
/// armed ancestor; other typing disarms the fence. A dropped press takes its
/// release and repeats with it. Releases are never judged alone: pressing
/// outside a menu and releasing on an item is how menus are used.
@MainActor
final class ContentFence: FencedContentOwner {
  private unowned let runtime: GuardRuntime

  /// The process's settings (``GlobalGuard/fenceSettings``).
  var settings = FenceSettings()
  /// One content widget's settings, asked when it appears; `nil` leaves ``settings``.
  var contentOverride: (@MainActor (gpointer) -> FenceSettings?)?
  /// Observers of every drop and would-be drop.
  let fencedInputs = ObserverList<@MainActor (FencedInput) -> Void>()

  /// How often fresh content has appeared: a changed count means a changed
  /// scene (``RepeatFacts/scene``).
  private(set) var appearances: UInt64 = 0
  /// How many content widgets carry a ``FencedContent`` of this fence now.
  var liveContentCount = 0

  private var droppedButtons: Set<UInt32> = []
  private var droppedKeys: Set<UInt16> = []
  private var droppedTouches: Set<OpaquePointer> = []
  private var isInstalled = false

  private static let managedQuark = GuardRuntime.quark("clickguard-fence-managed")
  private static let contentQuark = GuardRuntime.quark("clickguard-fence")

  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// Starts observing content appear. Idempotent.
  func install() {
    guard !isInstalled else { return }
    isInstalled = true
    g_type_class_unref(g_type_class_ref(gtk_widget_get_type()))
    EmissionHook.add("map", on: gtk_widget_get_type()) { [unowned self] emission in
      widgetMapped(emission.instance.assumingMemoryBound(to: GtkWidget.self))
      return true
    }
  }

  // MARK: Appearance

  /// Marks `stack` as fenced by its owner (``StackNavigator``), not the map hook.
  func manage(_ stack: WidgetPointer) {
    g_object_set_qdata(stack.raw.assumingMemoryBound(to: GObject.self), Self.managedQuark, stack.raw)
  }

  /// `content` appeared now: arms its fence with `defaults` or its override.
  /// - Parameters:
  ///   - managed: whether its owner fences it (judged without the global install).
  ///   - transitionRunning: whether it slides in; settling starts at ``transitionFinished(_:)``.
  ///   - extraSettle: added to the settle time (a transition expected to run).
  ///   - maxTransition: the longest the transition is waited for.
  func appeared(
    _ content: WidgetPointer, defaults: FenceSettings, managed: Bool, transitionRunning: Bool = false,
    extraSettle: Duration = .zero, maxTransition: ClickInterval = SpillOverFence.defaultMaxTransition
  ) {
    appearances += 1
    let settings = contentOverride?(content.raw) ?? defaults
    guard settings.isEnabled else {
      disarm(content)
      return
    }
    let state = FencedContent.attached(to: content.raw, quark: Self.contentQuark, owner: self)
    state.isManaged = managed
    let now = runtime.dispatcher.clock.now
    state.arm(
      settings, doubleClickTime: doubleClickTime(of: content), extraSettle: extraSettle, maxTransition: maxTransition,
      transitionRunning: transitionRunning, serverTime: inputTime(for: content, at: now), at: now)
  }

  /// Input for `content` is not fenced any more.
  func disarm(_ content: WidgetPointer) {
    FencedContent.existing(on: content.raw, quark: Self.contentQuark)?.disarm()
  }

  func transitionFinished(_ content: WidgetPointer) {
    guard let state = FencedContent.existing(on: content.raw, quark: Self.contentQuark) else { return }
    let now = runtime.dispatcher.clock.now
    state.transitionFinished(at: now, serverTime: inputTime(for: content, at: now))
  }

  private func doubleClickTime(of widget: WidgetPointer) -> ClickInterval {
    let milliseconds = gtk_widget_get_settings(widget).map { cg_object_get_int($0, "gtk-double-click-time") } ?? 400
    return (try? ClickInterval(milliseconds: Int(milliseconds))) ?? SpillOverFence.defaultSettle
  }

  /// The input clock now: estimated from events seen, else asked of the X
  /// server; `nil` on Wayland (the fence learns it from the first events).
  private func inputTime(for widget: WidgetPointer, at now: ClickInstant) -> EventTimestamp? {
    if let estimate = runtime.dispatcher.estimatedInputTime(at: now) { return estimate }
    return gtk_widget_get_window(widget).flatMap { EventTimestamp(gdkTime: cg_server_time($0)) }
  }

  private func widgetMapped(_ widget: WidgetPointer) {
    guard runtime.guardsEveryButton else { return }
    if GObjectType.isA(widget.raw, gtk_window_get_type()) {
      let window: UnsafeMutablePointer<GtkWindow> = widget.cast()
      guard gtk_window_get_window_type(window) == GTK_WINDOW_TOPLEVEL else { return }
      appeared(widget, defaults: settings, managed: false)
    } else if GObjectType.isA(widget.raw, gtk_popover_get_type()) {
      appeared(widget, defaults: settings, managed: false)
    } else if let parent = gtk_widget_get_parent(widget), isVisibleContainer(parent), isPage(widget) {
      if GObjectType.isA(parent.raw, gtk_stack_get_type()) {
        guard g_object_get_qdata(parent.raw.assumingMemoryBound(to: GObject.self), Self.managedQuark) == nil else {
          return
        }
        appeared(widget, defaults: settings, managed: false, extraSettle: expectedTransition(of: parent))
      } else if GObjectType.isA(parent.raw, gtk_notebook_get_type()) {
        appeared(widget, defaults: settings, managed: false)
      }
    }
  }

  /// Whether `child` can be a page a press spills onto: a bare image or label
  /// swapped in holds nothing to act on.
  private func isPage(_ child: WidgetPointer) -> Bool {
    GObjectType.isA(child.raw, gtk_container_get_type())
  }

  /// Whether `container` is on screen already, so a child mapped in it is a
  /// page switch (a window being shown is not viewable yet).
  private func isVisibleContainer(_ container: WidgetPointer) -> Bool {
    guard gtk_widget_get_mapped(container) != 0, let window = gtk_widget_get_window(container) else { return false }
    return gdk_window_is_viewable(window) != 0
  }

  /// How long the stack's transition will run: it starts after the map, and
  /// `notify` takes no emission hooks, so it is predicted.
  private func expectedTransition(of stack: WidgetPointer) -> Duration {
    let asStack: UnsafeMutablePointer<GtkStack> = stack.cast()
    guard gtk_stack_get_transition_type(asStack) != GTK_STACK_TRANSITION_TYPE_NONE,
      let settings = gtk_widget_get_settings(stack), cg_object_get_bool(settings, "gtk-enable-animations") != 0
    else { return .zero }
    return .milliseconds(Int(gtk_stack_get_transition_duration(asStack)))
  }

  // MARK: Input

  /// Whether `event` is dropped: a press or activation key aimed at fenced
  /// content (enforce mode), or the rest of one that was.
  func drops(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
    let type = gdk_event_get_event_type(event)
    var button: guint = 0
    let target: WidgetPointer
    let input: String
    switch type {
    case GDK_BUTTON_RELEASE:
      gdk_event_get_button(event, &button)
      return droppedButtons.removeIfHeld(button)
    case GDK_KEY_RELEASE:
      return droppedKeys.removeIfHeld(cg_event_keycode(event))
    case GDK_TOUCH_UPDATE:
      return gdk_event_get_event_sequence(event).map { droppedTouches.holds($0) } ?? false
    case GDK_TOUCH_END, GDK_TOUCH_CANCEL:
      return gdk_event_get_event_sequence(event).map { droppedTouches.removeIfHeld($0) } ?? false
    case GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS:
      // GDK's double and triple clicks go where their press went.
      gdk_event_get_button(event, &button)
      return droppedButtons.holds(button)
    case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN:
      gdk_event_get_button(event, &button)
      guard let widget = eventWidget(event) else { return false }
      (target, input) = (widget, "press")
    case GDK_KEY_PRESS:
      // A held key whose press was dropped: its auto-repeats go too.
      if droppedKeys.holds(cg_event_keycode(event)) { return true }
      guard let widget = activationKeyTarget(event) else {
        noteTyping(event)
        return false
      }
      (target, input) = (widget, "key")
    default:
      return false
    }
    let mode = runtime.dispatcher.configuration.mode
    guard mode != .off else { return false }
    let eventTime = EventTimestamp(gdkTime: gdk_event_get_time(event))
    guard let (content, reason) = fencedContentDropping(target, eventTime: eventTime) else {
      forgetDrops(of: event, type: type, button: button)
      return false
    }
    let isEnforced = mode == .enforce
    if isEnforced { rememberDrop(of: event, type: type, button: button) }
    let fenced = FencedInput(
      target: target, content: content, input: input, eventTime: eventTime,
      outcome: isEnforced ? .fenced(reason) : .wouldFence(reason))
    for observer in fencedInputs.observers { observer(fenced) }
    return isEnforced
  }

  /// The nearest fenced content `target` is in, and its reason to drop a
  /// press made at `eventTime`; `nil` when every fence on the way passes it.
  private func fencedContentDropping(
    _ target: WidgetPointer, eventTime: EventTimestamp?
  ) -> (WidgetPointer, SpillOverFence.Reason)? {
    // No content was ever fenced, or all of it is gone: no widget to ask.
    guard liveContentCount > 0 else { return nil }
    let now = runtime.dispatcher.clock.now
    let guardsEverything = runtime.guardsEveryButton
    var widget: WidgetPointer? = target
    while let current = widget {
      if let state = FencedContent.existing(on: current.raw, quark: Self.contentQuark), state.fence.isArmed,
        state.isManaged || guardsEverything
      {
        if let reason = state.check(eventTime: eventTime, at: now) { return (current, reason) }
      }
      widget = gtk_widget_get_parent(current)
    }
    return nil
  }

  /// The focus an activation key is for; `nil` for other keys and Space typed into text.
  private func activationKeyTarget(_ event: UnsafeMutablePointer<GdkEvent>) -> WidgetPointer? {
    var keyval: guint = 0
    gdk_event_get_keyval(event, &keyval)
    let isEnter = ActivationKeys.enter.contains(keyval)
    guard isEnter || ActivationKeys.space.contains(keyval), let focus = keyFocus(of: event) else { return nil }
    if !isEnter,
      GObjectType.isA(focus.raw, gtk_editable_get_type()) || GObjectType.isA(focus.raw, gtk_text_view_get_type())
    {
      return nil
    }
    return focus
  }

  /// Typing (not a modifier) disarms the fences of the content it goes to.
  private func noteTyping(_ event: UnsafeMutablePointer<GdkEvent>) {
    guard liveContentCount > 0, event.pointee.key.is_modifier == 0, let focus = keyFocus(of: event) else {
      return
    }
    let eventTime = EventTimestamp(gdkTime: gdk_event_get_time(event))
    var widget: WidgetPointer? = focus
    while let current = widget {
      if let state = FencedContent.existing(on: current.raw, quark: Self.contentQuark), state.fence.isArmed {
        state.personTyped(eventTime: eventTime)
      }
      widget = gtk_widget_get_parent(current)
    }
  }

  /// The focus widget of the key event's window, else the window itself.
  private func keyFocus(of event: UnsafeMutablePointer<GdkEvent>) -> WidgetPointer? {
    guard let widget = eventWidget(event), let toplevel = keyWindow(of: widget) else { return nil }
    let focus =
      GObjectType.isA(toplevel.raw, gtk_window_get_type()) ? gtk_window_get_focus(toplevel.cast()) : nil
    return focus ?? toplevel
  }

  /// The window a key for `widget` goes to: GTK hands keys to the group's grab
  /// (a modal dialog) even while the X focus is on the parent window.
  private func keyWindow(of widget: WidgetPointer) -> WidgetPointer? {
    guard let toplevel = gtk_widget_get_toplevel(widget) else { return nil }
    let group =
      GObjectType.isA(toplevel.raw, gtk_window_get_type())
      ? gtk_window_get_group(toplevel.cast()) : gtk_window_get_group(nil)
    guard let grab = gtk_window_group_get_current_grab(group), grab != widget,
      gtk_widget_is_ancestor(widget, grab) == 0
    else { return toplevel }
    return gtk_widget_get_toplevel(grab)
  }

  private func rememberDrop(of event: UnsafeMutablePointer<GdkEvent>, type: GdkEventType, button: guint) {
    switch type {
    case GDK_KEY_PRESS: droppedKeys.insert(cg_event_keycode(event))
    case GDK_TOUCH_BEGIN: if let sequence = gdk_event_get_event_sequence(event) { droppedTouches.insert(sequence) }
    default: droppedButtons.insert(button)
    }
  }

  /// A press that passes: a release of its button or key is its own again.
  private func forgetDrops(of event: UnsafeMutablePointer<GdkEvent>, type: GdkEventType, button: guint) {
    switch type {
    case GDK_KEY_PRESS: _ = droppedKeys.removeIfHeld(cg_event_keycode(event))
    case GDK_TOUCH_BEGIN: break
    default: _ = droppedButtons.removeIfHeld(button)
    }
  }
}
