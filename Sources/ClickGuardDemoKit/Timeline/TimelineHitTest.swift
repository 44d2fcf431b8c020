// TimelineHitTest: what is under the pointer, as the text a hover shows, in
// the reader's language.

import ClickGuardGObject

/// Finds what the pointer is over in a drawn timeline and says what it is.
package enum TimelineHitTest {
  /// The text for the point (`x`, `y`) of a timeline drawn by `layout`: the
  /// log line of the nearest mark, else of a navigation flag, else a bar's
  /// or a lag band's length; `nil` over nothing.
  static func describe(x: Double, y: Double, model: TimelineModel, layout: TimelineLayout) -> String? {
    let origin = model.originMs ?? layout.viewport.startMs
    func at(_ ms: Double) -> String { TimelineFormat.seconds(ms - origin, decimals: 3) }
    let reach = layout.markRadius + 4
    var best: (distance: Double, text: String)?
    for mark in model.marks {
      guard let points = layout.points(of: mark, in: model), abs(points.y - y) <= reach else { continue }
      let distance = min(abs(points.processedX - x), points.eventX.map { abs($0 - x) } ?? .infinity)
      guard distance <= reach, distance < (best?.distance ?? .infinity) else { continue }
      var text = "\(at(mark.processedMs))  \(mark.detail)"
      if let made = model.eventMs(of: mark) {
        text +=
          "\n"
          + localized("click made at {made}, judged {delay} later").filling([
            "made": at(made), "delay": TimelineFormat.milliseconds(mark.processedMs - made),
          ])
      }
      best = (distance, text)
    }
    if let best { return best.text }
    if let lane = layout.laneIndex(TimelineLane.navigationID), layout.laneRect(lane).contains(x: x, y: y) {
      let near = model.flags.min { abs(layout.x($0.atMs) - x) < abs(layout.x($1.atMs) - x) }
      if let near, abs(layout.x(near.atMs) - x) <= 8 { return "\(at(near.atMs))  \(near.detail)" }
    }
    for span in model.spans {
      guard let (bar, end) = layout.bar(of: span),
        bar.contains(x: x, y: y) || (x >= bar.x && x < bar.maxX && abs(y - bar.midY) <= 4)
      else { continue }
      let words: KeyValuePairs = [
        "lane": span.lane, "bar": translated(span.kind.label),
        "length": TimelineFormat.milliseconds(end - span.startMs), "start": at(span.startMs), "end": at(end),
      ]
      return
        (span.endMs == nil
        ? localized("{lane}: {bar} {length} (still running), from {start} to {end}")
        : localized("{lane}: {bar} {length}, from {start} to {end}")).filling(words)
    }
    if layout.plot.contains(x: x, y: y) {
      let ms = layout.milliseconds(atX: x)
      if let band = model.bands.last(where: { ms >= $0.startMs && ms <= $0.endMs }) {
        return localized("{lag} ({trigger}), from {start} to {end}").filling([
          "lag": band.label, "trigger": band.trigger, "start": at(band.startMs), "end": at(band.endMs),
        ])
      }
    }
    return nil
  }
}
