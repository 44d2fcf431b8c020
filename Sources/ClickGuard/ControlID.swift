/// The identity of one control (a GObject's address). Call
/// ``ClickDispatcher/forget(control:)`` when it is gone, so a reused address starts clean.
public struct ControlID: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt

  public init(_ rawValue: UInt) {
    self.rawValue = rawValue
  }

  public var description: String { "0x" + String(rawValue, radix: 16) }
}
