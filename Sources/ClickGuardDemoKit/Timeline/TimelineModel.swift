// TimelineModel: what the timeline shows, as plain data — lanes, marks,
// spans, bands and flags on the log's monotonic time axis. No GTK, no cairo:
// TimelineRecorder builds it from the demo's events, TimelineLayout places
// it, TimelineRenderer draws it.

import ClickGuardGObject

/// Everything the timeline shows, on the demo's `CLOCK_MONOTONIC` ms axis.
package struct TimelineModel: Sendable {
  /// The control lanes, in order: the pinned ones, then each control as it
  /// first shows up.
  package private(set) var controlLanes: [String]
  /// Every activation judged and every press the fence consumed, in the
  /// order they were processed.
  var marks: [TimelineMark] = []
  /// Busy, interval and fence bars.
  var spans: [TimelineSpan] = []
  /// Injected lag.
  var bands: [TimelineBand] = []
  /// Navigations.
  var flags: [TimelineFlag] = []
  /// How event timestamps map to the time axis.
  var eventClock = TimelineEventClock()
  /// Time zero for the axis labels (the demo's start), once known.
  var originMs: Double?

  /// An empty model whose first lanes are `pinnedLanes` (control names),
  /// shown even before anything happens on them.
  package init(pinnedLanes: [String] = []) {
    controlLanes = pinnedLanes
  }

  /// Every lane, top to bottom: the controls, the fence, the navigations.
  var lanes: [TimelineLane] {
    controlLanes.map { TimelineLane(id: $0, kind: .control) }
      + [
        TimelineLane(id: TimelineLane.fenceID, kind: .fence),
        TimelineLane(id: TimelineLane.navigationID, kind: .navigation),
      ]
  }

  /// Adds a lane for the control `name` unless it has one.
  mutating func addLane(_ name: String) {
    if !controlLanes.contains(name) { controlLanes.append(name) }
  }

  /// The marks on lane `lane`.
  func marks(inLane lane: String) -> [TimelineMark] {
    marks.filter { $0.lane == lane }
  }

  /// Where `mark`'s input event was made on the time axis, or `nil` when it
  /// had no timestamp.
  func eventMs(of mark: TimelineMark) -> Double? {
    mark.eventTime.map { eventClock.milliseconds(of: $0, processedMs: mark.processedMs) }
  }

  /// The first and last instants anything was recorded at (ended spans by
  /// their end), or `nil` when the model is empty.
  var extent: (start: Double, end: Double)? {
    var instants: [Double] = []
    for mark in marks {
      instants.append(mark.processedMs)
      if let made = eventMs(of: mark) { instants.append(made) }
    }
    for span in spans { instants += [span.startMs] + (span.endMs.map { [$0] } ?? []) }
    for band in bands { instants += [band.startMs, band.endMs] }
    instants += flags.map(\.atMs)
    guard let first = instants.min(), let last = instants.max() else { return nil }
    return (first, last)
  }

  /// Whether nothing was recorded.
  package var isEmpty: Bool { marks.isEmpty && spans.isEmpty && bands.isEmpty && flags.isEmpty }

  /// Forgets what ended before `cutoff` (ms): keeps a live view's memory
  /// bounded. Lanes stay.
  mutating func removeRecords(before cutoff: Double) {
    marks.removeAll { $0.processedMs < cutoff }
    spans.removeAll { span in span.endMs.map { $0 < cutoff } ?? false }
    bands.removeAll { $0.endMs < cutoff }
    flags.removeAll { $0.atMs < cutoff }
  }

  /// A sentence saying what happened between `start` and `end` (ms), lane by
  /// lane: the timeline's accessible description, for people who cannot see
  /// it, in their language (a control's lane by the control's name).
  package func summary(from start: Double, to end: Double) -> String {
    var parts: [String] = []
    for lane in controlLanes + [TimelineLane.fenceID] {
      let inView = marks.filter { $0.lane == lane && $0.processedMs >= start && $0.processedMs <= end }
      guard !inView.isEmpty else { continue }
      let counts = TimelineOutcome.allCases.compactMap { outcome -> String? in
        let n = inView.filter { $0.outcome == outcome }.count
        return n == 0
          ? nil : localized("{count} {outcome}").filling(["count": String(n), "outcome": translated(outcome.label)])
      }
      parts.append(
        localized("{lane}: {counts}").filling([
          // TRANSLATORS: the spill-over fence's lane, in the timeline's accessible description.
          "lane": lane == TimelineLane.fenceID ? localized("fence") : lane, "counts": counts.joined(separator: ", "),
        ]))
    }
    let navigations = flags.filter { !$0.refused && $0.atMs >= start && $0.atMs <= end }.count
    if navigations > 0 {
      parts.append(
        localizedPlural("{count} navigation", "{count} navigations", count: navigations).filling([
          "count": String(navigations)
        ]))
    }
    let lag = bands.filter { $0.endMs >= start && $0.startMs <= end }.map(\.label)
    if !lag.isEmpty { parts.append(localized("lag: {bands}").filling(["bands": lag.joined(separator: ", ")])) }
    return parts.isEmpty ? localized("No clicks in view.") : parts.joined(separator: "; ") + "."
  }
}
