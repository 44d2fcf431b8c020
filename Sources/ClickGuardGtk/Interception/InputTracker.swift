import CGtk
import ClickGuard

/// The one home of input attribution: which input event GTK is dispatching
/// now, when each key went down, the last pointer release. Fed by
/// ``GuardRuntime``'s event handler, which sees every event before GTK.
///
/// An activation is attributed to the event being dispatched **at the
/// current main-loop depth** (``current``), never to one older: a handler
/// that runs a nested loop (`gtk_dialog_run`) leaves its own event on GTK's
/// stack of current events for as long as the dialog is open, and what
/// happens inside the dialog — a timeout, an asynchronous callback — was
/// not made by that event. Activations inside an accepted activation's
/// dispatch (an entry's Return activating its dialog's default button) are
/// that activation's: ``DispatchedEvent/hasAcceptedActivation``.
///
/// It also shows the dispatcher every stamped press, release and motion, so
/// the dispatcher knows where the input clock stands.
@MainActor
final class InputTracker {
  /// The runtime that owns it: the dispatcher, which can be replaced.
  unowned let runtime: GuardRuntime

  /// The tracker of `runtime`.
  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// An input event being dispatched, as attribution needs it.
  struct DispatchedEvent {
    var type: GdkEventType
    /// Its timestamp (input clock, ms); `0` for none.
    var time: UInt32
    var keyval: UInt32
    var modifiers: UInt32
    /// The widget whose window it was delivered to.
    var widget: gpointer?
    /// The main-loop depth (`g_main_depth()`) it is dispatched at.
    var depth: Int32
    /// Whether an activation it made was accepted: what else it activates
    /// while GTK handles it is part of that activation.
    var hasAcceptedActivation = false

    var isKey: Bool { type == GDK_KEY_PRESS || type == GDK_KEY_RELEASE }
    var isKeyPress: Bool { type == GDK_KEY_PRESS }

    /// Whether it is pointer or touch input.
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

  /// The last pointer button release: the widget it landed on, its time and
  /// when it was processed.
  struct PointerRelease {
    var widget: gpointer?
    var time: UInt32
    var processed: ClickInstant
  }

  private struct KeyState {
    var downTime: UInt32
    var released: Bool
  }

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

  private var keys: [UInt32: KeyState] = [:]
  /// Events being dispatched, outermost first (a nested loop dispatches
  /// deeper ones inside an outer one's handler).
  private var dispatching: [DispatchedEvent] = []
  /// The last pointer button release seen.
  private(set) var lastRelease: PointerRelease?
  /// The time (input clock, ms) of the last pointer button press seen.
  private var lastButtonPress: UInt32?
  /// Whether the last key press was a held key's auto-repeat.
  private(set) var lastPressRepeated = false
  /// How many overridden class handlers are running their original
  /// handler: an activation inside one (a radio's click on the previous
  /// member of its group) is that activation's consequence.
  private var chainDepth = 0

  /// Notes `event`, then runs `body` (GTK's handling of it) with `event` as
  /// the ``current`` one.
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

  /// The input event being dispatched at this main-loop depth, if any: the
  /// one whatever happens now was made by. `nil` in a timeout, an idle or
  /// an asynchronous callback, even inside an outer event's nested loop.
  var current: DispatchedEvent? {
    guard let top = dispatching.last, top.depth == g_main_depth() else { return nil }
    return top
  }

  /// An activation ``current`` made was accepted.
  func currentEventAcceptedActivation() {
    guard let top = dispatching.last, top.depth == g_main_depth() else { return }
    dispatching[dispatching.count - 1].hasAcceptedActivation = true
  }

  // MARK: Attribution

  /// Runs `original`, an overridden class handler's original one: what it
  /// activates is attributed as nested.
  func chainingUp<R>(_ original: () -> R) -> R {
    chainDepth += 1
    defer { chainDepth -= 1 }
    return original()
  }

  /// A button's `activate`: the input it comes from now is what its
  /// `clicked` will be attributed to.
  func buttonActivated(_ widget: gpointer) {
    var activation = PendingActivation(widget: widget, input: .programmatic)
    if isInsideActivation {
      activation.input = .stamped(.nested, time: current?.time ?? 0)
    } else if let event = current, event.isKey, event.time != 0 {
      activation.input = keyAttribution(event)
      activation.keyval = event.keyval
    }
    pending = activation
  }

  /// Who made a `clicked` of `instance` (or a switch's change) now, and
  /// when by the input's own clock: the event being dispatched at this
  /// main-loop depth, or the button `activate` it completes; nothing else.
  func attribution(forClickOf instance: gpointer) -> InputAttribution {
    // Inside another activation's class handler: a radio deactivating the
    // old member of its group, a toggle's set_active from its own click.
    if chainDepth > 0 { return .stamped(.nested, time: current?.time ?? 0) }
    // An `activate` leads to one `clicked` at most: used once, so the app's
    // own clicks on the widget afterwards stay its own.
    let pending = self.pending.flatMap { $0.widget == instance ? $0 : nil }
    if pending != nil { self.pending = nil }
    guard let event = current else {
      // A timeout, an idle, an asynchronous callback: no input made it,
      // unless it completes an `activate` (GtkButton's activate timeout).
      guard let pending else { return .programmatic }
      guard let keyval = pending.keyval else { return pending.input }
      // GTK acts now, which by the input clock is where it stands now.
      let dispatcher = runtime.dispatcher
      let actedAt = dispatcher.estimatedInputTime(at: dispatcher.clock.now) ?? pending.input.eventTime
      return keyAttribution(keyval: keyval, actedAt: actedAt?.milliseconds ?? 0)
    }
    if event.isKey {
      // A key counts for the button it activated (GTK acts on its release);
      // a handler of that key's click activating another button is the
      // app's own code.
      guard let pending else { return .programmatic }
      guard let keyval = pending.keyval, event.time != 0 else { return pending.input }
      return keyAttribution(keyval: keyval, actedAt: event.time)
    }
    // Pointer input counts for the widget it landed on; the app's own code
    // activating another widget from such a handler does not.
    if event.isPointer {
      guard event.time != 0, event.landed(on: instance) else { return .programmatic }
      return InputAttribution(
        source: .user, eventTime: EventTimestamp(gdkTime: event.time), pressTime: pressTime(of: event))
    }
    return pending?.input ?? .programmatic
  }

  /// Who made a menu item's activation now: a click, its mnemonic or its
  /// accelerator is the person's (an item not on screen is activated by its
  /// accelerator: a shortcut), a held key's auto-repeat on the accelerator
  /// a deliberate repeat, anything else the app's own code.
  func attribution(forMenuItem item: gpointer) -> InputAttribution {
    if chainDepth > 0 { return .stamped(.nested, time: current?.time ?? 0) }
    guard let event = current, event.time != 0 else { return .programmatic }
    guard event.isKey else { return .stamped(time: event.time) }
    if lastPressRepeated { return .stamped(.keyRepeat, time: event.time) }
    let isOnScreen = gtk_widget_get_mapped(item.assumingMemoryBound(to: GtkWidget.self)) != 0
    return keyAttribution(event, source: isOnScreen ? .user : .shortcut)
  }

  /// Who made a GtkAction's activation now: its accelerator is a shortcut
  /// (a held key's auto-repeat a deliberate repeat), a click the person's;
  /// inside a menu item's or tool button's activation it is part of that
  /// one; anything else is the app's own code.
  func attribution(forAction action: gpointer) -> InputAttribution {
    if chainDepth > 0 { return .stamped(.nested, time: current?.time ?? 0) }
    guard let event = current, event.time != 0 else { return .programmatic }
    guard event.isKey else { return .stamped(time: event.time) }
    if lastPressRepeated { return .stamped(.keyRepeat, time: event.time) }
    return keyAttribution(event, source: .shortcut)
  }

  /// Who pressed the key of `event`, and when: GTK acts on `event`, and
  /// the key went down when its first press did (a held key's auto-repeat
  /// keeps that time), so a held key acts once. GDK's time `0` (a
  /// synthesized event) is the app's own.
  func keyAttribution(_ event: DispatchedEvent, source: ActivationSource = .user) -> InputAttribution {
    guard event.time != 0 else { return .programmatic }
    return keyAttribution(keyval: event.keyval, actedAt: event.time, source: source)
  }

  /// A key `keyval`'s activation, acted on at `time` (input clock, ms): it
  /// went down when its first press did, or at `time` if that was not seen.
  func keyAttribution(keyval: UInt32, actedAt time: UInt32, source: ActivationSource = .user) -> InputAttribution {
    InputAttribution(
      source: source, eventTime: EventTimestamp(gdkTime: time),
      pressTime: EventTimestamp(gdkTime: downTime(ofKey: keyval) ?? time))
  }

  /// When the button of a click made by the release `event` went down: the
  /// last press, if it came no later than the release (input clock).
  private func pressTime(of event: DispatchedEvent) -> EventTimestamp? {
    guard event.type == GDK_BUTTON_RELEASE, let press = lastButtonPress.flatMap(EventTimestamp.init(gdkTime:)),
      let release = EventTimestamp(gdkTime: event.time), !release.isBefore(press)
    else { return nil }
    return press
  }

  /// Whether an activation now is part of one already accepted: made inside
  /// its original class handler, or while GTK handles the event it was
  /// accepted for.
  var isInsideActivation: Bool {
    chainDepth > 0 || current?.hasAcceptedActivation == true
  }

  // MARK: Keys

  /// When `keyval` last went down (the first press of a held key), if seen.
  func downTime(ofKey keyval: UInt32) -> UInt32? {
    keys[keyval]?.downTime
  }

  /// Whether `keyval` is down now, by the events seen.
  func isDown(_ keyval: UInt32) -> Bool {
    keys[keyval].map { !$0.released } ?? false
  }

  /// Notes a stamped input event: the input clock, keys, the last release.
  /// Other events (exposes, crossings, configures) change none of them.
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

/// The widget an event goes to: the owner of the GdkWindow it was
/// delivered to (`gtk_get_event_widget`, as GTK itself finds it).
@MainActor
func eventWidget(_ event: UnsafeMutablePointer<GdkEvent>) -> WidgetPointer? {
  gtk_get_event_widget(event)
}

/// Who made an activation, and when by the input events' own clock: what
/// every activation path hands ``ActivationJudge``.
///
/// A key's activation carries two times: the event GTK acted on (its
/// release, its press, or the moment its activate timeout fired while it
/// was held), from which the event-time window runs, and when the key went
/// down, which a held key's auto-repeats keep, so they count as that one
/// press. A click carries its release's time and its button's press time,
/// from which its pace is measured.
struct InputAttribution {
  var source: ActivationSource
  /// The event the activation was made by, if known.
  var eventTime: EventTimestamp?
  /// When the key behind it went down, for a key's activation.
  var pressTime: EventTimestamp?

  /// The app's own code: no input behind it.
  static let programmatic = InputAttribution(source: .programmatic)

  /// Input without a held key behind it (a click, a key's auto-repeat on an
  /// accelerator, a nested activation) stamped `time` (GDK's `0` is none).
  static func stamped(_ source: ActivationSource = .user, time: UInt32) -> InputAttribution {
    InputAttribution(source: source, eventTime: EventTimestamp(gdkTime: time))
  }
}
