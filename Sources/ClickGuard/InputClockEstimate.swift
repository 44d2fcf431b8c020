/// Estimates where the input events' own clock (the X server's milliseconds)
/// stands now, so an event-time window can start when an action really finished.
/// The smallest `processing time − event time` seen never runs ahead of it; a jump
/// past the stale horizon means a new input clock (a new X server).
package struct InputClockEstimate: Sendable {
  private var offset: UInt32?

  package init() {}

  /// Takes in an event stamped `eventTime` and processed at `now`.
  package mutating func observe(_ eventTime: EventTimestamp, at now: ClickInstant) {
    let candidate = Self.milliseconds(now) &- eventTime.milliseconds
    if let offset {
      let change = Int64(Int32(bitPattern: candidate &- offset))
      guard change < 0 || change > ClickGate.staleHorizonMilliseconds else { return }
    }
    offset = candidate
  }

  /// The input clock at `now`, or `nil` before any event was seen.
  package func inputTime(at now: ClickInstant) -> EventTimestamp? {
    offset.map { EventTimestamp(milliseconds: Self.milliseconds(now) &- $0) }
  }

  private static func milliseconds(_ instant: ClickInstant) -> UInt32 {
    UInt32(truncatingIfNeeded: instant.millisecondsSinceOrigin)
  }
}
