/// The name of an action a control performs (a signal, a GAction or any name
/// the app chooses): each (control, action) pair has its own gate.
public struct ActionName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    rawValue = value
  }

  /// A button's `clicked`.
  public static let clicked: ActionName = "clicked"
  /// A toggle's `toggled`.
  public static let toggled: ActionName = "toggled"
  /// A switch's `state-set`.
  public static let stateSet: ActionName = "state-set"

  public var description: String { rawValue }
}
