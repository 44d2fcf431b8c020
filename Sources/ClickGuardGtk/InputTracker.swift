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

  private var keys: [UInt32: KeyState] = [:]
  /// Events being dispatched, outermost first (a nested loop dispatches
  /// deeper ones inside an outer one's handler).
  private var dispatching: [DispatchedEvent] = []
  /// The last pointer button release seen.
  private(set) var lastRelease: PointerRelease?
  /// Whether the last key press was a held key's auto-repeat.
  private(set) var lastPressRepeated = false

  /// Notes `event`, then runs `body` (GTK's handling of it) with `event` as
  /// the ``current`` one.
  func dispatch(_ event: UnsafeMutablePointer<GdkEvent>, dispatcher: ClickDispatcher, body: () -> Void) {
    observe(event, at: dispatcher.clock.now, dispatcher: dispatcher)
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

  /// When `keyval` last went down (the first press of a held key), if seen.
  func downTime(ofKey keyval: UInt32) -> UInt32? {
    keys[keyval]?.downTime
  }

  /// Whether `keyval` is down now, by the events seen.
  func isDown(_ keyval: UInt32) -> Bool {
    keys[keyval].map { !$0.released } ?? false
  }

  private func observe(_ event: UnsafeMutablePointer<GdkEvent>, at now: ClickInstant, dispatcher: ClickDispatcher) {
    let type = gdk_event_get_event_type(event)
    let time = gdk_event_get_time(event)
    switch type {
    case GDK_KEY_PRESS, GDK_KEY_RELEASE, GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_MOTION_NOTIFY:
      if let stamp = EventTimestamp(gdkTime: time) { dispatcher.observeInput(stamp, at: now) }
    default:
      break
    }
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
    case GDK_BUTTON_RELEASE:
      lastRelease = PointerRelease(widget: eventWidget(event)?.raw, time: time, processed: now)
    default:
      break
    }
  }
}
