// TimelineEventClock: places X server event timestamps on the log's
// monotonic time axis.

/// Maps input events' X server timestamps (32-bit ms) to the demo's
/// `CLOCK_MONOTONIC` milliseconds, so a click's mark sits where it was made.
///
/// On Linux, Xorg and Xvfb stamp events with `CLOCK_MONOTONIC` in ms
/// (truncated to 32 bits), the clock of the log's `mono_ms`: a click is then
/// placed exactly, however late it was processed. When the two clocks
/// disagree (a remote X server), every event is placed by the smallest
/// processing delay seen, as the guard's own input-clock estimate does.
package struct TimelineEventClock: Sendable {
  /// How far (ms) behind its processing an event may be and still be read as
  /// stamped by the same clock.
  static let sameClockHorizonMs: Int64 = 60_000

  /// Whether every event seen so far fits one clock with the log.
  package private(set) var sharesClock = true
  /// The smallest `processing − event` seen, in the low 32 bits of ms.
  private var smallestOffset: UInt32?

  /// A clock that has seen no event.
  package init() {}

  /// Takes in an event stamped `eventTime` and processed at `processedMs`.
  mutating func observe(_ eventTime: UInt32, processedMs: Double) {
    let offset = Self.low32(processedMs) &- eventTime
    let delay = Int64(Int32(bitPattern: offset))
    if delay < -2 || delay > Self.sameClockHorizonMs { sharesClock = false }
    if let smallest = smallestOffset {
      if Int32(bitPattern: offset &- smallest) < 0 { smallestOffset = offset }
    } else {
      smallestOffset = offset
    }
  }

  /// Where an event stamped `eventTime` and processed at `processedMs` was
  /// made, on the monotonic axis.
  package func milliseconds(of eventTime: UInt32, processedMs: Double) -> Double {
    let base = processedMs.rounded(.down)
    if sharesClock {
      return base - Double(Int32(bitPattern: Self.low32(processedMs) &- eventTime))
    }
    let offset = smallestOffset ?? (Self.low32(processedMs) &- eventTime)
    return base - Double(Int32(bitPattern: Self.low32(processedMs) &- eventTime &- offset))
  }

  private static func low32(_ ms: Double) -> UInt32 {
    guard ms.isFinite, ms >= 0 else { return 0 }
    return UInt32(truncatingIfNeeded: Int64(ms.rounded(.down)))
  }
}
