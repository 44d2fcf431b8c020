// InputClockEstimate: where the input events' own clock stands now, estimated
// from the events seen so far, so an event-time window can start when an
// action really finished, not when its click was made.

/// Estimates the input clock (the X server's milliseconds) from monotonic
/// time.
///
/// Every event is processed after it was made, so for each one
/// `processing time − event time` is the clocks' offset plus a delay; the
/// smallest value seen is the offset plus the shortest delay, and
/// `now − that` never runs ahead of the input clock. When a value exceeds the
/// estimate by more than a minute the input clock has started over (a new
/// X server) and the estimate follows it.
struct InputClockEstimate: Hashable, Sendable {
  private var offset: UInt32 = 0
  private var isKnown = false

  /// Takes in an event stamped `eventTime` and processed at `now`.
  mutating func observe(_ eventTime: EventTimestamp, at now: MonotonicInstant) {
    let candidate = Self.milliseconds(now) &- eventTime.milliseconds
    let change = Int64(Int32(bitPattern: candidate &- offset))
    if !isKnown || change < 0 || change > ClickGate.staleHorizonMilliseconds {
      offset = candidate
      isKnown = true
    }
  }

  /// The input clock at `now`, or `nil` before any event was seen.
  func inputTime(at now: MonotonicInstant) -> EventTimestamp? {
    isKnown ? EventTimestamp(milliseconds: Self.milliseconds(now) &- offset) : nil
  }

  private static func milliseconds(_ instant: MonotonicInstant) -> UInt32 {
    UInt32(truncatingIfNeeded: instant.nanoseconds / 1_000_000)
  }
}
