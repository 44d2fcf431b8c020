/// A point in time on a ``ClickClock``: the time since the clock was made.
/// Instants of different clocks are not comparable. Kept in whole
/// nanoseconds, half the size of a `Duration`: every gate holds several.
public struct ClickInstant: InstantProtocol, CustomStringConvertible {
  private var nanosecondsSinceOrigin: Int64

  public var sinceOrigin: Duration {
    get { .nanoseconds(nanosecondsSinceOrigin) }
    set { nanosecondsSinceOrigin = newValue.nanoseconds }
  }

  public init(sinceOrigin: Duration) {
    nanosecondsSinceOrigin = sinceOrigin.nanoseconds
  }

  init(nanosecondsSinceOrigin nanoseconds: Int64) {
    nanosecondsSinceOrigin = nanoseconds
  }

  /// Whole milliseconds since the origin, rounded down (compared with event times).
  var millisecondsSinceOrigin: Int64 { nanosecondsSinceOrigin / 1_000_000 }

  public func advanced(by duration: Duration) -> ClickInstant {
    advanced(byNanoseconds: duration.nanoseconds)
  }

  /// `interval` after `instant`, in whole nanoseconds: no `Duration` arithmetic per click.
  static func + (instant: ClickInstant, interval: ClickInterval) -> ClickInstant {
    instant.advanced(byNanoseconds: interval.nanoseconds)
  }

  /// Whole milliseconds from this instant to `later`, rounded up; `0` if not later.
  func milliseconds(roundedUpTo later: ClickInstant) -> Int64 {
    let (elapsed, overflow) = later.nanosecondsSinceOrigin.subtractingReportingOverflow(nanosecondsSinceOrigin)
    return overflow ? (elapsed < 0 ? .max / 1_000_000 : 0) : ClickInterval.milliseconds(roundingUp: elapsed)
  }

  /// The instant `nanoseconds` later, saturating at the ends of the range.
  private func advanced(byNanoseconds nanoseconds: Int64) -> ClickInstant {
    var instant = self
    let (sum, overflow) = nanosecondsSinceOrigin.addingReportingOverflow(nanoseconds)
    instant.nanosecondsSinceOrigin = overflow ? (sum < 0 ? .max : .min) : sum
    return instant
  }

  public func duration(to other: ClickInstant) -> Duration {
    .nanoseconds(other.nanosecondsSinceOrigin) - .nanoseconds(nanosecondsSinceOrigin)
  }

  public static func + (instant: ClickInstant, duration: Duration) -> ClickInstant {
    instant.advanced(by: duration)
  }

  public static func < (lhs: ClickInstant, rhs: ClickInstant) -> Bool {
    lhs.nanosecondsSinceOrigin < rhs.nanosecondsSinceOrigin
  }

  public var description: String { "\(sinceOrigin)" }
}
