#if canImport(Glibc)
  import Glibc
#endif

/// The time source of a ``ClickDispatcher``: any standard-library `Clock`
/// measured in `Duration`, read as ``ClickInstant``s since the moment it was
/// wrapped.
///
/// Production code uses ``system``, the monotonic clock that never jumps
/// when the wall clock is set; tests wrap a manual clock and move time by
/// hand.
public struct ClickClock: Sendable {
  /// Whole nanoseconds since the clock's origin.
  private let elapsed: @Sendable () -> Int64

  /// Wraps `clock`; its current instant becomes this clock's origin.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now).nanoseconds }
  }

  private init(elapsedNanoseconds: @escaping @Sendable () -> Int64) {
    elapsed = elapsedNanoseconds
  }

  /// The process's monotonic clock. Every part of ClickGuard that compares
  /// instants reads this one, so their instants share an origin. On Linux
  /// it reads `CLOCK_MONOTONIC` in whole nanoseconds, as instants keep
  /// time, so reading it does no `Duration` arithmetic on the way to every
  /// click's judgment; elsewhere it wraps `SuspendingClock`.
  public static let system: ClickClock = {
    #if canImport(Glibc)
      let origin = monotonicNanoseconds()
      return ClickClock { monotonicNanoseconds() &- origin }
    #else
      return ClickClock(SuspendingClock())
    #endif
  }()

  /// The current instant.
  public var now: ClickInstant { ClickInstant(nanosecondsSinceOrigin: elapsed()) }
}

#if canImport(Glibc)
  /// `CLOCK_MONOTONIC` in whole nanoseconds.
  private func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
#endif
