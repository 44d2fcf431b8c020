// TimelineViewport: the stretch of time the timeline shows.

/// The time range the timeline shows, in `CLOCK_MONOTONIC` ms.
package struct TimelineViewport: Hashable, Sendable {
  /// The shortest range a live view zooms to, in seconds.
  static let shortestSeconds = 2
  /// The longest range a live view zooms to, in seconds.
  static let longestSeconds = 60
  /// A live view's range at start, in seconds.
  static let defaultSeconds = 10

  /// The left edge.
  let startMs: Double
  /// The right edge.
  let endMs: Double

  /// A range; an empty or reversed one is widened to 1 ms.
  package init(startMs: Double, endMs: Double) {
    self.startMs = startMs
    self.endMs = max(endMs, startMs + 1)
  }

  /// The last `seconds` up to `nowMs`: a live view's range.
  static func live(endingAt nowMs: Double, seconds: Int) -> TimelineViewport {
    TimelineViewport(startMs: nowMs - Double(seconds) * 1000, endMs: nowMs)
  }

  /// A range that shows all of `model` with `paddingMs` on either side (one
  /// second when the model is empty).
  static func fitting(_ model: TimelineModel, paddingMs: Double = 250) -> TimelineViewport {
    guard let extent = model.extent else {
      let origin = model.originMs ?? 0
      return TimelineViewport(startMs: origin, endMs: origin + 1000)
    }
    return TimelineViewport(startMs: extent.start - paddingMs, endMs: extent.end + paddingMs)
  }

  /// Its length in ms.
  var durationMs: Double { endMs - startMs }

  /// Whether `ms` lies in it.
  package func contains(_ ms: Double) -> Bool { ms >= startMs && ms <= endMs }
}
