/// A key that lets several controls share one gate, for example a toolbar
/// button and a menu item that open the same page.
public struct GroupKey: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The key.
  public let rawValue: String

  /// Makes the key `rawValue`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Makes the key `rawValue`.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Makes a key from a string literal.
  public init(stringLiteral value: String) {
    rawValue = value
  }

  public var description: String { rawValue }
}
