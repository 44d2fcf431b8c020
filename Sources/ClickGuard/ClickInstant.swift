/// A point in time on a ``ClickClock``: the time elapsed since the clock
/// was made.
///
/// Instants of different clocks are not comparable. ClickGuard never reads
/// the wall clock: it jumps when it is set, monotonic clocks do not.
public struct ClickInstant: InstantProtocol, CustomStringConvertible {
  /// The time since the clock's origin.
  public var sinceOrigin: Duration

  /// The instant `sinceOrigin` after the clock's origin.
  public init(sinceOrigin: Duration) {
    self.sinceOrigin = sinceOrigin
  }

  public func advanced(by duration: Duration) -> ClickInstant {
    ClickInstant(sinceOrigin: sinceOrigin + duration)
  }

  public func duration(to other: ClickInstant) -> Duration {
    other.sinceOrigin - sinceOrigin
  }

  /// The instant `duration` after `instant`.
  public static func + (instant: ClickInstant, duration: Duration) -> ClickInstant {
    instant.advanced(by: duration)
  }

  public static func < (lhs: ClickInstant, rhs: ClickInstant) -> Bool {
    lhs.sinceOrigin < rhs.sinceOrigin
  }

  public var description: String { "\(sinceOrigin)" }
}
