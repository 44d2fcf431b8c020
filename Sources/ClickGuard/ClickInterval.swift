// A validated, non-negative span of time used for every ClickGuard setting,
// and the error that names a rejected value.

/// A configuration value was rejected.
///
/// The message names the setting, the value given and what is accepted, so it
/// can be shown to a person as it is:
/// `interval: nan is not accepted (accepted: 0 ms to 60000 ms)`.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The setting that was being set, for example `interval` or `maxBusy`.
  public let setting: String
  /// The rejected value, as given.
  public let value: String
  /// What the setting accepts.
  public let accepted: String

  /// Creates an error for `setting`.
  public init(setting: String, value: String, accepted: String) {
    self.setting = setting
    self.value = value
    self.accepted = accepted
  }

  public var description: String {
    "\(setting): \(value) is not accepted (accepted: \(accepted))"
  }
}

/// A span of time from 0 to ``ClickInterval/maximum`` (10 minutes), validated
/// when it is made: intervals, busy limits and settle delays are all of this
/// type, so a negative, NaN or infinite value cannot reach a gate.
public struct ClickInterval: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The length in nanoseconds.
  public let nanoseconds: Int64

  /// The longest span accepted: 10 minutes.
  public static let maximum = ClickInterval(uncheckedNanoseconds: 600_000_000_000)
  /// No time at all.
  public static let zero = ClickInterval(uncheckedNanoseconds: 0)

  init(uncheckedNanoseconds: Int64) {
    nanoseconds = uncheckedNanoseconds
  }

  /// Creates an interval from milliseconds.
  /// - Throws: ``ConfigurationError`` when `milliseconds` is negative or over
  ///   10 minutes; `setting` names the value in the message.
  public init(milliseconds: Int, setting: String = "interval") throws(ConfigurationError) {
    guard milliseconds >= 0, milliseconds <= 600_000 else {
      throw ConfigurationError(
        setting: setting, value: "\(milliseconds) ms", accepted: "0 ms to 600000 ms")
    }
    nanoseconds = Int64(milliseconds) * 1_000_000
  }

  /// Creates an interval from seconds.
  /// - Throws: ``ConfigurationError`` for NaN, infinite, negative or over
  ///   10 minutes.
  public init(seconds: Double, setting: String = "interval") throws(ConfigurationError) {
    guard seconds.isFinite, seconds >= 0, seconds <= 600 else {
      throw ConfigurationError(
        setting: setting, value: "\(seconds) s", accepted: "a finite number of seconds from 0 to 600")
    }
    nanoseconds = Int64((seconds * 1e9).rounded())
  }

  /// Creates an interval from a `Duration`.
  /// - Throws: ``ConfigurationError`` for a negative duration or one over
  ///   10 minutes.
  public init(_ duration: Duration, setting: String = "interval") throws(ConfigurationError) {
    let ns = duration.wholeNanoseconds
    guard ns >= 0, ns <= ClickInterval.maximum.nanoseconds else {
      throw ConfigurationError(setting: setting, value: "\(duration)", accepted: "0 ms to 600000 ms")
    }
    nanoseconds = ns
  }

  /// The interval as a `Duration`.
  public var duration: Duration { .nanoseconds(nanoseconds) }

  /// The interval in whole milliseconds, rounded up.
  public var milliseconds: Int64 { (nanoseconds + 999_999) / 1_000_000 }

  public static func < (lhs: ClickInterval, rhs: ClickInterval) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  public var description: String {
    nanoseconds % 1_000_000 == 0 ? "\(nanoseconds / 1_000_000) ms" : "\(Double(nanoseconds) / 1e6) ms"
  }
}
