/// A point in time on a ``ClickClock``: the time elapsed since the clock
/// was made.
///
/// Instants of different clocks are not comparable. ClickGuard never reads
/// the wall clock: it jumps when it is set, monotonic clocks do not.
///
/// An instant is kept in whole nanoseconds (64 bits: 292 years from the
/// clock's origin), half the size of a `Duration`: every gate holds several.
public struct ClickInstant: InstantProtocol, CustomStringConvertible {
  private var nanosecondsSinceOrigin: Int64

  /// The time since the clock's origin.
  public var sinceOrigin: Duration {
    get { .nanoseconds(nanosecondsSinceOrigin) }
    set { nanosecondsSinceOrigin = newValue.nanoseconds }
  }

  /// The instant `sinceOrigin` after the clock's origin, to the nanosecond.
  public init(sinceOrigin: Duration) {
    nanosecondsSinceOrigin = sinceOrigin.nanoseconds
  }

  /// The instant `nanoseconds` after the clock's origin.
  init(nanosecondsSinceOrigin nanoseconds: Int64) {
    nanosecondsSinceOrigin = nanoseconds
  }

  /// Whole milliseconds since the clock's origin, rounded down: what the
  /// input clock estimate compares with event times.
  var millisecondsSinceOrigin: Int64 { nanosecondsSinceOrigin / 1_000_000 }

  public func advanced(by duration: Duration) -> ClickInstant {
    advanced(byNanoseconds: duration.nanoseconds)
  }

  /// `interval` after `instant`: a gate's deadline or window end, in whole
  /// nanoseconds like both, so judging a click does no `Duration` arithmetic.
  static func + (instant: ClickInstant, interval: ClickInterval) -> ClickInstant {
    instant.advanced(byNanoseconds: interval.nanoseconds)
  }

  /// Whole milliseconds from this instant to `later`, rounded up; `0` when
  /// `later` is not later.
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

  /// The instant `duration` after `instant`.
  public static func + (instant: ClickInstant, duration: Duration) -> ClickInstant {
    instant.advanced(by: duration)
  }

  public static func < (lhs: ClickInstant, rhs: ClickInstant) -> Bool {
    lhs.nanosecondsSinceOrigin < rhs.nanosecondsSinceOrigin
  }

  public var description: String { "\(sinceOrigin)" }
}
