/// The identity of one control, for example a GObject's address.
///
/// The dispatcher keys a control's gates by it. Call
/// ``ClickDispatcher/forget(control:)`` when the control is gone, so a new
/// control at a reused address starts clean (ClickGuardGtk does this when a
/// widget is finalized).
public struct ControlID: Hashable, Sendable, CustomStringConvertible {
  /// The raw identity.
  public let rawValue: UInt

  /// Wraps a raw identity.
  public init(_ rawValue: UInt) {
    self.rawValue = rawValue
  }

  public var description: String { "0x" + String(rawValue, radix: 16) }
}
