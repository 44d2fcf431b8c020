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

  public func advanced(by duration: Duration) -> ClickInstant {
    var instant = self
    let (sum, overflow) = nanosecondsSinceOrigin.addingReportingOverflow(duration.nanoseconds)
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
