/// Estimates where the input events' own clock (the X server's milliseconds)
/// stands now, from the events seen so far, so an event-time window can start
/// when an action really finished rather than when its click was made.
///
/// Every event is processed after it was made, so for each one
/// `processing time − event time` is the clocks' offset plus a delay; the
/// smallest value seen is the offset plus the shortest delay, and
/// `now − that` never runs ahead of the input clock. A value more than a
/// minute above the estimate means the input clock started over (a new X
/// server), and the estimate follows it. The demo's timeline places events
/// by it too, when the X server's clock is not the log's.
package struct InputClockEstimate: Sendable {
  private var offset: UInt32?

  /// An estimate that has seen no event.
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
