/// The timestamp an input event carries (X11 and GDK: milliseconds in a
/// `UInt32` that wraps).
///
/// Compared wrap-safe: the difference of two timestamps is read as a signed
/// 32-bit number, so `0x0000_0010` is after `0xFFFF_FFF0`. GDK's `0`
/// (`GDK_CURRENT_TIME`) means "no event": use `nil` for it.
public struct EventTimestamp: Hashable, Sendable, CustomStringConvertible {
  /// The raw millisecond counter.
  public var milliseconds: UInt32

  public init(milliseconds: UInt32) {
    self.milliseconds = milliseconds
  }

  /// Wraps a raw event time, treating GDK's `0` (no event) as `nil`.
  public init?(gdkTime: UInt32) {
    guard gdkTime != 0 else { return nil }
    milliseconds = gdkTime
  }

  /// Milliseconds from `earlier` to `self`, wrap-safe: negative when `self` is earlier.
  public func milliseconds(since earlier: EventTimestamp) -> Int32 {
    Int32(bitPattern: milliseconds &- earlier.milliseconds)
  }

  /// Whether `self` comes strictly before `other`, wrap-safe.
  public func isBefore(_ other: EventTimestamp) -> Bool {
    milliseconds(since: other) < 0
  }

  /// The timestamp `offset` milliseconds later (wrapping).
  public func adding(milliseconds offset: Int64) -> EventTimestamp {
    EventTimestamp(milliseconds: milliseconds &+ UInt32(truncatingIfNeeded: offset))
  }

  public var description: String { "\(milliseconds)ms" }
}
