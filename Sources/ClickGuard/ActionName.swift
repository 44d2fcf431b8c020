/// The name of an action a control performs: a signal (`clicked`), a GAction
/// (`app.open-details`) or any name the app chooses.
///
/// Each (control, action) pair has its own gate, so activations of different
/// actions on one control are tracked apart.
public struct ActionName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The name.
  public let rawValue: String

  /// Makes the name `rawValue`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Makes the name `rawValue`.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Makes a name from a string literal.
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
