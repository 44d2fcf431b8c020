import CGtk
import ClickGuard

/// The one home of input attribution: the input event GTK is dispatching now,
/// when each key went down, the last pointer release. Fed by ``GuardRuntime``'s
/// event handler, which sees every event before GTK.
///
/// An activation is attributed only to the event dispatched at the current
/// main-loop depth (``current``): a handler running a nested loop
/// (`gtk_dialog_run`) leaves its event on GTK's stack while the dialog is open,
/// yet did not make what happens inside it.
@MainActor
final class InputTracker {
  /// The runtime that owns it: the dispatcher, which can be replaced.
  unowned let runtime: GuardRuntime

  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// An input event being dispatched, as attribution needs it.
  struct DispatchedEvent {
    var type: GdkEventType
    /// Input clock, ms; `0` for none.
    var time: UInt32
    var keyval: UInt32
    var modifiers: UInt32
    var widget: gpointer?
    /// `g_main_depth()` when dispatched.
    var depth: Int32
    /// Whether an activation it made was accepted: what else it activates is part of that one.
    var hasAcceptedActivation = false

    var isKey: Bool { type == GDK_KEY_PRESS || type == GDK_KEY_RELEASE }
    var isKeyPress: Bool { type == GDK_KEY_PRESS }

    var isPointer: Bool {
      switch type {
      case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_TOUCH_BEGIN,
        GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL, GDK_MOTION_NOTIFY:
        true
      default:
        false
      }
    }

    /// Whether it was delivered to `widget` or a widget inside it.
    @MainActor func landed(on widget: gpointer) -> Bool {
      guard let target = self.widget?.assumingMemoryBound(to: GtkWidget.self) else { return false }
      let ancestor = widget.assumingMemoryBound(to: GtkWidget.self)
      return target == ancestor || gtk_widget_is_ancestor(target, ancestor) != 0
    }
  }

  struct PointerRelease {
    var widget: gpointer?
    var time: UInt32
    var processed: ClickInstant
  }

  private struct KeyState {
    var downTime: UInt32
    var released: Bool
  }

  /// A button's `activate` waiting for the one `clicked` GTK makes of it: on
  /// the key's release, or from GtkButton's activate timeout.
  private struct PendingActivation {
    var widget: gpointer
    var input: InputAttribution
    /// The key that made it, when a person's key did.
    var keyval: UInt32?
  }

  private var pending: PendingActivation?

  private var keys: [UInt32: KeyState] = [:]
  /// Events being dispatched, outermost first (nested loops push deeper ones).
  private var dispatching: [DispatchedEvent] = []
  private(set) var lastRelease: PointerRelease?
  private var lastButtonPress: UInt32?
  private(set) var lastPressRepeated = false
  /// How many original class handlers are running: an activation inside one
  /// (a radio's click on its group's previous member) is its consequence.
  private var chainDepth = 0

  /// Notes `event`, then runs GTK's handling of it with `event` as ``current``.
  func dispatch(_ event: UnsafeMutablePointer<GdkEvent>, body: () -> Void) {
    observe(event, dispatcher: runtime.dispatcher)
    var keyval: guint = 0
    var state = GdkModifierType(0)
    gdk_event_get_keyval(event, &keyval)
    gdk_event_get_state(event, &state)
    dispatching.append(
      DispatchedEvent(
        type: gdk_event_get_event_type(event), time: gdk_event_get_time(event), keyval: keyval,
        modifiers: state.rawValue, widget: eventWidget(event)?.raw, depth: g_main_depth()))
    defer { dispatching.removeLast() }
    body()
  }

  /// The event dispatched at this main-loop depth: `nil` in a timeout, idle or
  /// asynchronous callback, even inside an outer event's nested loop.
  var current: DispatchedEvent? {
    guard let top = dispatching.last, top.depth == g_main_depth() else { return nil }
    return top
  }

  func currentEventAcceptedActivation() {
    guard let top = dispatching.last, top.depth == g_main_depth() else { return }
    dispatching[dispatching.count - 1].hasAcceptedActivation = true
  }

  // MARK: Attribution

  /// Runs an original class handler: what it activates is attributed as nested.
  func chainingUp<R>(_ original: () -> R) -> R {
    chainDepth += 1
    defer { chainDepth -= 1 }
    return original()
  }

  /// A button's `activate`: its coming `clicked` is attributed to the input now.
  func buttonActivated(_ widget: gpointer) {
    let input = attribution(of: .buttonActivate)
    // A person's key: its `clicked` is stamped when GTK acts on it.
    pending = PendingActivation(widget: widget, input: input, keyval: input.source == .user ? current?.keyval : nil)
  }

  /// How long after a click or key a wrapped switch's animated change (from
  /// the frame clock, with no event) is still that input's; generous for a loaded machine.
  private static let switchAnimationWindow = Duration.milliseconds(1500)

  /// Who made `activity` now: every attribution rule is here.
  ///
  /// | Activity | Facts | Attribution |
  /// |---|---|---|
  /// | every one | a person's input while an accepted activation's event is handled | `.nested` |
  /// | `click`, `menuItem`, `action` | inside a class handler | `.nested` |
  /// | `click` | pending `activate`, event now, where it landed | the key, pointer or app |
  /// | `buttonActivate` | inside an activation, key now | `.nested`, the key or app |
  /// | `menuItem`, `action` | event now, auto-repeat, item on screen | user, shortcut, repeat or app |
  /// | `key`, `accelerator` | the key event | user or shortcut, repeat for an accelerator |
  /// | `focusActivation` | a key press now | the key or app |
  /// | `doubleClick` | the press now | user |
  /// | `switchBegun` | inside an activation, key now, else as `click` | `.nested`, the key or as `click` |
  /// | `switchChange` | what began it, else as `click` | that, else as `click` |
  /// | `wrappedSwitchChange` | as `click`, else its release or key within the animation | that, user or app |
  func attribution(of activity: Activity) -> InputAttribution {
    var input = attributionByItself(activity)
    // Made while GTK handles an already accepted event (an entry's Return
    // activating the default button): part of that activation.
    if input.source == .user || input.source == .shortcut, current?.hasAcceptedActivation == true {
      input.source = .nested
    }
    return input
  }

  /// Who made `activity`, were it alone in the event now.
  private func attributionByItself(_ activity: Activity) -> InputAttribution {
    switch activity {
    case .key(let event):
      return keyAttribution(event)
    case .accelerator(let event):
      if lastPressRepeated { return .stamped(.keyRepeat, time: event.time) }
      return keyAttribution(event, source: .shortcut)
    case .focusActivation:
      guard let event = current, event.isKeyPress else { return .programmatic }
      return keyAttribution(event)
    case .doubleClick:
      return .stamped(time: current?.time ?? 0)
    case .buttonActivate:
      if isInsideActivation { return .stamped(.nested, time: current?.time ?? 0) }
      guard let event = current, event.isKey, event.time != 0 else { return .programmatic }
      return keyAttribution(event)
    case .switchBegun(let instance):
      if isInsideActivation { return .stamped(.nested, time: current?.time ?? 0) }
      if let event = current, event.isKey { return keyAttribution(event) }
      return clickAttribution(of: instance)
    case .switchChange(let instance, let begunBy):
      return begunBy ?? clickAttribution(of: instance)
    case .wrappedSwitchChange(let instance, let release, let keyActivatedAt):
      let input = clickAttribution(of: instance)
      guard input.source == .programmatic else { return input }
      // The animated change: the click or key that started it.
      let now = runtime.dispatcher.clock.now
      if let release, release.processed.duration(to: now) < Self.switchAnimationWindow {
        return .stamped(time: release.time)
      }
      if let keyActivatedAt, keyActivatedAt.duration(to: now) < Self.switchAnimationWindow {
        return InputAttribution(source: .user)
      }
      return .programmatic
    case .click(let instance):
      return clickAttribution(of: instance)
    case .menuItem, .action:
      if chainDepth > 0 { return .stamped(.nested, time: current?.time ?? 0) }
      guard let event = current, event.time != 0 else { return .programmatic }
      guard event.isKey else { return .stamped(time: event.time) }
      if lastPressRepeated { return .stamped(.keyRepeat, time: event.time) }
      // A key on a menu item on screen is the person's; any other is an accelerator.
      if case .menuItem(let item) = activity, gtk_widget_get_mapped(item.assumingMemoryBound(to: GtkWidget.self)) != 0 {
        return keyAttribution(event, source: .user)
      }
      return keyAttribution(event, source: .shortcut)
    }
  }

  /// A `clicked` of `instance`: the event dispatched at this depth, or the
  /// button `activate` it completes.
  private func clickAttribution(of instance: gpointer) -> InputAttribution {
    if chainDepth > 0 { return .stamped(.nested, time: current?.time ?? 0) }
    // An `activate` makes one `clicked` at most: later app clicks stay the app's.
    let pending = self.pending.flatMap { $0.widget == instance ? $0 : nil }
    if pending != nil { self.pending = nil }
    guard let event = current else {
      // No input made it, unless it completes an `activate` (GtkButton's
      // activate timeout), which acts now by the input clock.
      guard let pending else { return .programmatic }
      guard let keyval = pending.keyval else { return pending.input }
      let dispatcher = runtime.dispatcher
      let actedAt = dispatcher.estimatedInputTime(at: dispatcher.clock.now) ?? pending.input.eventTime
      return keyAttribution(keyval: keyval, actedAt: actedAt?.milliseconds ?? 0)
    }
    if event.isKey {
      // A key counts only for the button it activated.
      guard let pending else { return .programmatic }
      guard let keyval = pending.keyval, event.time != 0 else { return pending.input }
      return keyAttribution(keyval: keyval, actedAt: event.time)
    }
    // Pointer input counts only for the widget it landed on.
    if event.isPointer {
      guard event.time != 0, event.landed(on: instance) else { return .programmatic }
      return InputAttribution(
        source: .user, eventTime: EventTimestamp(gdkTime: event.time), pressTime: pressTime(of: event))
    }
    return pending?.input ?? .programmatic
  }

  /// Who pressed the key of `event`: it went down with its first press, so a
  /// held key acts once. Time `0` (a synthesized event) is the app's.
  private func keyAttribution(_ event: DispatchedEvent, source: ActivationSource = .user) -> InputAttribution {
    guard event.time != 0 else { return .programmatic }
    return keyAttribution(keyval: event.keyval, actedAt: event.time, source: source)
  }

  /// A key's activation acted on at `time`, down since its first press if seen.
  private func keyAttribution(keyval: UInt32, actedAt time: UInt32, source: ActivationSource = .user)
    -> InputAttribution
  {
    InputAttribution(
      source: source, eventTime: EventTimestamp(gdkTime: time),
      pressTime: EventTimestamp(gdkTime: downTime(ofKey: keyval) ?? time))
  }

  /// The last button press, if no later than the release `event`.
  private func pressTime(of event: DispatchedEvent) -> EventTimestamp? {
    guard event.type == GDK_BUTTON_RELEASE, let press = lastButtonPress.flatMap(EventTimestamp.init(gdkTime:)),
      let release = EventTimestamp(gdkTime: event.time), !release.isBefore(press)
    else { return nil }
    return press
  }

  /// Whether an original class handler is running (``chainingUp(_:)``).
  var isInClassHandler: Bool { chainDepth > 0 }

  /// Whether an activation now is part of one already accepted.
  var isInsideActivation: Bool {
    isInClassHandler || current?.hasAcceptedActivation == true
  }

  // MARK: Keys

  /// When `keyval` last went down (a held key's first press), if seen.
  func downTime(ofKey keyval: UInt32) -> UInt32? {
    keys[keyval]?.downTime
  }

  func isDown(_ keyval: UInt32) -> Bool {
    keys[keyval].map { !$0.released } ?? false
  }

  /// Notes a stamped press, release or motion: the input clock, keys, the last release.
  private func observe(_ event: UnsafeMutablePointer<GdkEvent>, dispatcher: ClickDispatcher) {
    let type = gdk_event_get_event_type(event)
    switch type {
    case GDK_KEY_PRESS, GDK_KEY_RELEASE, GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_MOTION_NOTIFY: break
    default: return
    }
    let now = dispatcher.clock.now
    let time = gdk_event_get_time(event)
    if let stamp = EventTimestamp(gdkTime: time) { dispatcher.observeInput(stamp, at: now) }
    var keyval: guint = 0
    switch type {
    case GDK_KEY_PRESS:
      gdk_event_get_keyval(event, &keyval)
      // Auto-repeat of a held key keeps the first press's time.
      lastPressRepeated = isDown(keyval)
      if lastPressRepeated { return }
      keys[keyval] = KeyState(downTime: time, released: false)
    case GDK_KEY_RELEASE:
      gdk_event_get_keyval(event, &keyval)
      keys[keyval]?.released = true
    case GDK_BUTTON_PRESS:
      lastButtonPress = time
    case GDK_BUTTON_RELEASE:
      lastRelease = PointerRelease(widget: eventWidget(event)?.raw, time: time, processed: now)
    default:
      break
    }
  }
}

extension InputTracker {
  /// An activation, as ``InputTracker/attribution(of:)`` needs it to say who made it.
  enum Activity {
    /// A button's `clicked`.
    case click(gpointer)
    /// A button's `activate`, whose `clicked` comes later.
    case buttonActivate
    /// A menu item's `activate`.
    case menuItem(gpointer)
    /// A GtkAction's `activate`.
    case action(gpointer)
    /// A key press acting on the focus widget (an entry's Return, a view's row).
    case key(DispatchedEvent)
    /// A key press that is a window's accelerator.
    case accelerator(DispatchedEvent)
    /// An activation of the focus widget (a list row, a view's cursor item):
    /// the key press now, else the app.
    case focusActivation
    /// A view's row or item activated by the press now.
    case doubleClick
    /// A switch's change beginning: its gesture's `released` or its `activate`.
    case switchBegun(gpointer)
    /// A switch's `state-set`, with the attribution noted when it began.
    case switchChange(gpointer, begunBy: InputAttribution?)
    /// A ``Switch`` wrapper's `state-set`, with the release on it it has not
    /// used yet and when its `activate` (Space, Enter) last ran.
    case wrappedSwitchChange(gpointer, release: PointerRelease?, keyActivatedAt: ClickInstant?)
  }
}

/// The widget owning the GdkWindow `event` was delivered to, as GTK finds it.
@MainActor
func eventWidget(_ event: UnsafeMutablePointer<GdkEvent>) -> WidgetPointer? {
  gtk_get_event_widget(event)
}

/// Who made an activation, and when by the input clock: what every activation
/// path hands ``ActivationJudge``. The event-time window runs from
/// ``eventTime``; ``pressTime`` makes a held key's auto-repeats one press.
struct InputAttribution {
  var source: ActivationSource
  var eventTime: EventTimestamp?
  /// When the key or button behind it went down.
  var pressTime: EventTimestamp?

  static let programmatic = InputAttribution(source: .programmatic)

  /// Input stamped `time` without a held key behind it (GDK's `0` is none).
  static func stamped(_ source: ActivationSource = .user, time: UInt32) -> InputAttribution {
    InputAttribution(source: source, eventTime: EventTimestamp(gdkTime: time))
  }
}
