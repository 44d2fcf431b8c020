// InputFilter and InputTracker: ClickGuard's place in front of GTK's event
// dispatch (gdk_event_handler_set). The tracker remembers when keys went down
// and where the last pointer release landed; filters (the navigator's
// spill-over fence) may consume input before GTK sees it.

import CGtk
import ClickGuard

/// GDK's event handler, outside the main actor: a closure written inside a
/// main-actor function would be isolated to it, and Swift checks such a
/// closure's executor at run time each time C calls it (every event here);
/// `MainThread` enters the main actor instead.
private let inputEventHandler: @convention(c) (UnsafeMutablePointer<GdkEvent>?, gpointer?) -> Void = { pointer, _ in
  guard let event = pointer else { return }
  // GDK dispatches events on GTK's thread.
  MainThread.run(InputFilter.dispatch, event)
}

/// Sees every GDK event before GTK dispatches it.
///
/// Installed once per process with `gdk_event_handler_set`; each event goes
/// through the ``InputTracker``, then through the registered filters, and on
/// to `gtk_main_do_event` unless a filter consumed it.
@MainActor
public enum InputFilter {
  /// A filter: return `true` to consume the event (GTK never sees it).
  public typealias Filter = @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool

  private static var filters: [(id: Int, body: Filter)] = []
  private static var nextID = 0
  private static var isInstalled = false
  /// The event being dispatched through this handler right now, if any.
  private static var dispatching: UnsafeMutablePointer<GdkEvent>?

  /// Puts ClickGuard in front of GTK's event dispatch. Idempotent. Call after
  /// `gtk_init`.
  public static func install() {
    guard !isInstalled else { return }
    isInstalled = true
    gdk_event_handler_set(inputEventHandler, nil, nil)
  }

  fileprivate static func dispatch(_ event: UnsafeMutablePointer<GdkEvent>) {
    guard !process(event) else { return }
    let outer = dispatching
    dispatching = event
    gtk_main_do_event(event)
    dispatching = outer
  }

  /// Calls `body` with the event GTK is handling now (`nil` when none), as
  /// `gtk_get_current_event` would give it but without its copy (an
  /// allocation and a deep copy per call) when the event came through this
  /// handler.
  static func withCurrentEvent<R>(_ body: (UnsafeMutablePointer<GdkEvent>?) -> R) -> R {
    // GTK's current event is the one dispatched here unless GTK is handling
    // an event of its own inside it (then its time tells them apart).
    if let event = dispatching, gdk_event_get_time(event) == gtk_get_current_event_time() {
      return body(event)
    }
    let copy = gtk_get_current_event()
    defer { if let copy { gdk_event_free(copy) } }
    return body(copy)
  }

  /// Adds `filter`; it sees events until removed.
  /// - Returns: the id for ``removeFilter(_:)``.
  public static func addFilter(_ filter: @escaping Filter) -> Int {
    install()
    nextID += 1
    filters.append((nextID, filter))
    return nextID
  }

  /// Removes the filter with `id`.
  public static func removeFilter(_ id: Int) {
    filters.removeAll { $0.id == id }
  }

  private static func process(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
    InputTracker.observe(event)
    for filter in filters where filter.body(event) { return true }
    return false
  }
}

/// Remembers the input that activations are attributed to: when each key
/// went down (a held key's auto-repeat keeps its first press time) and the
/// last pointer release. It also shows the dispatcher every stamped press,
/// release and motion, so it knows where the input clock stands.
@MainActor
enum InputTracker {
  private struct KeyState {
    var downTime: UInt32
    var released: Bool
  }

  /// The last pointer button release: the widget it landed on, its time and
  /// when it was processed.
  struct PointerRelease {
    var widget: UInt
    var time: UInt32
    var processed: MonotonicInstant
  }

  private static var keys: [UInt32: KeyState] = [:]
  private(set) static var lastRelease: PointerRelease?

  static func observe(_ event: UnsafeMutablePointer<GdkEvent>) {
    let type = gdk_event_get_event_type(event)
    switch type {
    case GDK_KEY_PRESS, GDK_KEY_RELEASE, GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_MOTION_NOTIFY:
      if let time = EventTimestamp(gdkTime: gdk_event_get_time(event)) {
        GtkClickGuard.dispatcher.observeInputEvent(time, at: SystemClock().now())
      }
    default:
      break
    }
    switch type {
    case GDK_KEY_PRESS:
      var keyval: guint = 0
      gdk_event_get_keyval(event, &keyval)
      let time = gdk_event_get_time(event)
      if let state = keys[keyval], !state.released { return }  // auto-repeat of a held key
      keys[keyval] = KeyState(downTime: time, released: false)
    case GDK_KEY_RELEASE:
      var keyval: guint = 0
      gdk_event_get_keyval(event, &keyval)
      keys[keyval]?.released = true
    case GDK_BUTTON_RELEASE:
      var widget: gpointer?
      if let window = cg_event_window(event) { gdk_window_get_user_data(window, &widget) }
      lastRelease = PointerRelease(
        widget: UInt(bitPattern: widget), time: gdk_event_get_time(event), processed: SystemClock().now())
    default:
      break
    }
  }

  /// When `keyval` last went down (the first press of a held key), if seen.
  static func downTime(ofKey keyval: UInt32) -> UInt32? {
    keys[keyval]?.downTime
  }
}
