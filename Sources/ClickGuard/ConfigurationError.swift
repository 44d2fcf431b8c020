/// A configuration value was rejected.
///
/// The message names the setting, the value given and what is accepted, so it
/// can be shown to a person as it is:
/// `interval: 90000 ms is not accepted (accepted: 0 ms to 60000 ms)`.
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
