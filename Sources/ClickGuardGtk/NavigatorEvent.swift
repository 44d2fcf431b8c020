import CGtk
import ClickGuard

/// Something the navigator did or refused, for logs and counters.
public enum NavigatorEvent: Sendable {
  /// A navigation happened.
  case navigated(NavigationChange)
  /// A navigation was refused (repeated push, push during a transition, …).
  case ignored(NavigationRejection)
  /// Input aimed at `page` was dropped by the spill-over fence.
  case inputDropped(page: String, reason: SpillOverFence.Reason, eventTime: EventTimestamp?)
}
