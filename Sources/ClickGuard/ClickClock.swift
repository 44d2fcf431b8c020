#if canImport(Glibc)
  import Glibc
#endif

/// The time source of a ``ClickDispatcher``: any `Clock` measured in `Duration`,
/// read as ``ClickInstant``s since it was wrapped (tests wrap a manual clock).
public struct ClickClock: Sendable {
  private let elapsed: @Sendable () -> Int64

  /// Wraps `clock`; its current instant becomes this clock's origin.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now).nanoseconds }
  }

  private init(elapsedNanoseconds: @escaping @Sendable () -> Int64) {
    elapsed = elapsedNanoseconds
  }

  /// The process's monotonic clock, which never jumps when the wall clock is set;
  /// all of ClickGuard reads it, so instants share an origin.
  public static let system: ClickClock = {
    #if canImport(Glibc)
      let origin = monotonicNanoseconds()
      return ClickClock { monotonicNanoseconds() &- origin }
    #else
      return ClickClock(SuspendingClock())
    #endif
  }()

  public var now: ClickInstant { ClickInstant(nanosecondsSinceOrigin: elapsed()) }
}

#if canImport(Glibc)
  private func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
#endif
