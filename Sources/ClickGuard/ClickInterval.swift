/// A span of time from zero to ``ClickInterval/maximum``, checked when it is
/// made, so a negative, NaN or endless value never reaches a gate.
public struct ClickInterval: Comparable, Hashable, Sendable, CustomStringConvertible {
  let nanoseconds: Int64

  public var duration: Duration { .nanoseconds(nanoseconds) }

  /// The longest span accepted.
  public static let maximum = ClickInterval(unchecked: .seconds(600))
  public static let zero = ClickInterval(unchecked: .zero)

  package init(unchecked duration: Duration) {
    nanoseconds = duration.nanoseconds
  }

  /// Creates an interval; throws ``ConfigurationError`` naming `setting` when out of range.
  public init(_ duration: Duration, setting: String = "interval") throws(ConfigurationError) {
    guard duration >= .zero, duration <= Self.maximum.duration else {
      throw ConfigurationError(setting: setting, value: "\(duration)", accepted: "0 ms to 600000 ms")
    }
    nanoseconds = duration.nanoseconds
  }

  /// Creates an interval; throws ``ConfigurationError`` naming `setting` when out of range.
  public init(milliseconds: Int, setting: String = "interval") throws(ConfigurationError) {
    guard (0...600_000).contains(milliseconds) else {
      throw ConfigurationError(setting: setting, value: "\(milliseconds) ms", accepted: "0 ms to 600000 ms")
    }
    nanoseconds = Int64(milliseconds) * 1_000_000
  }

  /// Creates an interval; throws ``ConfigurationError`` naming `setting` when out of range.
  public init(seconds: Double, setting: String = "interval") throws(ConfigurationError) {
    guard seconds.isFinite, (0...600).contains(seconds) else {
      throw ConfigurationError(
        setting: setting, value: "\(seconds) s", accepted: "a finite number of seconds from 0 to 600")
    }
    nanoseconds = Int64((seconds * 1e9).rounded())
  }

  /// The interval in whole milliseconds, rounded up.
  public var milliseconds: Int64 { Self.milliseconds(roundingUp: nanoseconds) }

  /// `nanoseconds` in whole milliseconds, rounded up; `0` when negative.
  static func milliseconds(roundingUp nanoseconds: Int64) -> Int64 {
    let whole = max(0, nanoseconds)
    return whole / 1_000_000 + (whole % 1_000_000 == 0 ? 0 : 1)
  }

  public static func < (lhs: ClickInterval, rhs: ClickInterval) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  public var description: String {
    nanoseconds % 1_000_000 == 0
      ? "\(nanoseconds / 1_000_000) ms" : "\(Double(nanoseconds) / 1e6) ms"
  }
}

extension Duration {
  /// The duration in whole nanoseconds, clamped to `Int64`'s range.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    if overflow || carry { return seconds < 0 ? .min : .max }
    return sum
  }
}
