// TimelineLogEvents: reads the demo's JSON-lines log back into the DemoEvents
// the timeline is built from (decisions, handler runs, lag, navigations,
// fence drops, settings, the start line), with JSONDecoder.

import ClickGuardDemoKit
import Foundation

/// The events of a demo log that the timeline draws, each with its `mono_ms`.
package struct TimelineLogEvents: Sendable {
  /// The events, in the log's order.
  package let events: [(event: DemoEvent, monoMs: Double)]

  /// Reads the log text `text`; lines of other types, and lines that do not
  /// decode (one still being written), are skipped.
  package init(text: String) {
    let decoder = JSONDecoder()
    events = text.split(separator: "\n").compactMap { line in
      guard let decoded = try? DemoLogLine(json: String(line), decoder: decoder), TimelineRecorder.draws(decoded.event)
      else { return nil }
      return (decoded.event, decoded.monoMs)
    }
  }

  /// Reads the log at `path`.
  /// - Throws: when the file cannot be read.
  package init(path: String) throws {
    self.init(text: try String(contentsOfFile: path, encoding: .utf8))
  }

  /// The timeline of these events.
  package func model() -> TimelineModel {
    var recorder = TimelineRecorder()
    for (event, ms) in events { recorder.record(event, at: ms) }
    return recorder.model
  }
}
