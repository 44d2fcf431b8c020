// TimelineEventClock: places X server event timestamps on the log's
// monotonic time axis.

import ClickGuard

/// Maps input events' X server timestamps (32-bit ms) to the demo's
/// `CLOCK_MONOTONIC` milliseconds, so a click's mark sits where it was made.
///
/// On Linux, Xorg and Xvfb stamp events with `CLOCK_MONOTONIC` in ms
/// (truncated to 32 bits), the clock of the log's `mono_ms`: a click is then
/// placed exactly, however late it was processed. When the two clocks
/// disagree (a remote X server), every event is placed by the smallest
/// processing delay seen: the guard's own ``InputClockEstimate``.
struct TimelineEventClock: Sendable {
  /// How far (ms) behind its processing an event may be and still be read as
  /// stamped by the same clock.
  static let sameClockHorizonMs: Int64 = 60_000

  /// Whether every event seen so far fits one clock with the log.
  private(set) var sharesClock = true
  private var estimate = InputClockEstimate()

  /// Takes in an event stamped `eventTime` and processed at `processedMs`.
  mutating func observe(_ eventTime: UInt32, processedMs: Double) {
    let delay = Int64(Int32(bitPattern: Self.low32(processedMs) &- eventTime))
    if delay < -2 || delay > Self.sameClockHorizonMs { sharesClock = false }
    estimate.observe(EventTimestamp(milliseconds: eventTime), at: Self.instant(processedMs))
  }

  /// Where an event stamped `eventTime` and processed at `processedMs` was
  /// made, on the monotonic axis.
  func milliseconds(of eventTime: UInt32, processedMs: Double) -> Double {
    let base = processedMs.rounded(.down)
    let inputNow =
      sharesClock ? Self.low32(processedMs) : estimate.inputTime(at: Self.instant(processedMs))?.milliseconds
    return base - Double(Int32(bitPattern: (inputNow ?? eventTime) &- eventTime))
  }

  private static func low32(_ ms: Double) -> UInt32 {
    guard ms.isFinite, ms >= 0 else { return 0 }
    return UInt32(truncatingIfNeeded: Int64(ms.rounded(.down)))
  }

  private static func instant(_ ms: Double) -> ClickInstant {
    ClickInstant(sinceOrigin: .milliseconds(Int64(ms.isFinite && ms >= 0 ? ms.rounded(.down) : 0)))
  }
}
