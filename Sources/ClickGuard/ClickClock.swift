/// The time source of a ``ClickDispatcher``: any standard-library `Clock`
/// measured in `Duration`, read as ``ClickInstant``s since the moment it was
/// wrapped.
///
/// Production code uses ``system`` (`SuspendingClock`, the monotonic clock
/// that never jumps when the wall clock is set); tests wrap a manual clock
/// and move time by hand.
public struct ClickClock: Sendable {
  private let elapsed: @Sendable () -> Duration

  /// Wraps `clock`; its current instant becomes this clock's origin.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
  }

  /// The process's monotonic clock. Every part of ClickGuard that compares
  /// instants reads this one, so their instants share an origin.
  public static let system = ClickClock(SuspendingClock())

  /// The current instant.
  public var now: ClickInstant { ClickInstant(sinceOrigin: elapsed()) }
}
