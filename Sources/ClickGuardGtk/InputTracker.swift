import CGtk
import ClickGuard

/// Remembers the input that activations are attributed to: when each key
/// went down (a held key's auto-repeat keeps its first press time) and the
/// last pointer release. It also shows the dispatcher every stamped press,
/// release and motion, so the dispatcher knows where the input clock stands.
@MainActor
final class InputTracker {
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
  /// The last pointer button release seen.
  private(set) var lastRelease: PointerRelease?
  /// Whether the last key press was a held key's auto-repeat.
  private(set) var lastPressRepeated = false

  /// Notes `event`, about to be dispatched.
  func observe(_ event: UnsafeMutablePointer<GdkEvent>, dispatcher: ClickDispatcher) {
    let type = gdk_event_get_event_type(event)
    let time = gdk_event_get_time(event)
    let now = ClickClock.system.now
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
      lastPressRepeated = keys[keyval].map { !$0.released } ?? false
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

  /// When `keyval` last went down (the first press of a held key), if seen.
  func downTime(ofKey keyval: UInt32) -> UInt32? {
    keys[keyval]?.downTime
  }
}
