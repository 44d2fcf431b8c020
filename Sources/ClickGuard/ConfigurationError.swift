/// A rejected configuration value; its message can be shown to a person as it is.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The setting that was being set, for example `interval` or `maxBusy`.
  public let setting: String
  public let value: String
  public let accepted: String

  public init(setting: String, value: String, accepted: String) {
    self.setting = setting
    self.value = value
    self.accepted = accepted
  }

  public var description: String {
    "\(setting): \(value) is not accepted (accepted: \(accepted))"
  }
}
