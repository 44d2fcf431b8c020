// Monotonic time for ClickGuard: the instant type, the clock protocol, the
// system clock (CLOCK_MONOTONIC) and a manual clock for tests.

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A point on a monotonic time line, in nanoseconds from an arbitrary origin.
///
/// Instants from different clocks are not comparable. ClickGuard never reads
/// the wall clock: wall clocks jump when they are set, monotonic clocks do not.
public struct MonotonicInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Nanoseconds since the clock's origin.
  public var nanoseconds: Int64

  /// Creates an instant `nanoseconds` after the clock's origin.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// The instant `duration` after this one.
  public func advanced(by duration: Duration) -> MonotonicInstant {
    MonotonicInstant(nanoseconds: nanoseconds &+ duration.wholeNanoseconds)
  }

  /// The time from `earlier` to this instant (negative when `earlier` is later).
  public func duration(since earlier: MonotonicInstant) -> Duration {
    .nanoseconds(nanoseconds &- earlier.nanoseconds)
  }

  public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  public var description: String {
    "\(Double(nanoseconds) / 1e9)s"
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating at `Int64`'s range.
  var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    if overflow2 { return seconds < 0 ? .min : .max }
    return sum
  }
}

/// A source of monotonic instants.
///
/// Everything time-based in ClickGuard takes a clock, so tests can drive time
/// by hand with ``ManualClock`` and production code uses ``SystemClock``.
public protocol ClickClock: Sendable {
  /// The current instant.
  func now() -> MonotonicInstant
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`): never jumps when the
/// wall clock is set, and does not count time the machine was suspended.
public struct SystemClock: ClickClock {
  /// Creates the system clock.
  public init() {}

  /// Reads `CLOCK_MONOTONIC`.
  public func now() -> MonotonicInstant {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return MonotonicInstant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
  }
}

/// A clock that moves only when told to: virtual time for tests.
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: .milliseconds(80))
/// ```
public final class ManualClock: ClickClock {
  private let current: Mutex<Int64>

  /// Creates a clock that reads `start`.
  public init(start: MonotonicInstant = MonotonicInstant(nanoseconds: 0)) {
    current = Mutex(start.nanoseconds)
  }

  /// The instant the clock is at.
  public func now() -> MonotonicInstant {
    MonotonicInstant(nanoseconds: current.withLock { $0 })
  }

  /// Moves the clock forward by `duration`. A negative duration is ignored:
  /// a monotonic clock never goes back.
  public func advance(by duration: Duration) {
    let step = duration.wholeNanoseconds
    guard step > 0 else { return }
    current.withLock { $0 &+= step }
  }

  /// Moves the clock to `instant` if that is later than now; earlier instants
  /// are ignored.
  public func advance(to instant: MonotonicInstant) {
    current.withLock { $0 = max($0, instant.nanoseconds) }
  }
}
