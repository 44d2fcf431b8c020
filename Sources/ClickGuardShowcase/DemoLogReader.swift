// DemoLogReader: reads the demo's JSON-lines log back with JSONDecoder — the
// layout (where to click) and what a burst of clicks led to — for the
// showcase and the tests.

import ClickGuardDemoKit
import Foundation

/// The demo's log, parsed.
package struct DemoLogReader: Sendable {
  /// Every complete line, in order.
  package let lines: [DemoLogLine]

  /// Parses `text`; an incomplete last line (still being written) is
  /// skipped.
  package init(text: String) {
    let decoder = JSONDecoder()
    lines = text.split(separator: "\n").compactMap { try? DemoLogLine(json: String($0), decoder: decoder) }
  }

  /// Reads the log at `path` (empty when it does not exist yet).
  package init(path: String) {
    self.init(text: FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "")
  }

  /// The lines of `type`.
  package func lines(ofType type: String) -> [DemoLogLine] {
    lines.filter { $0.type == type }
  }

  /// The latest `layout` line, parsed.
  package var layout: DemoLayout? {
    lines(ofType: "layout").last?.layout
  }

  /// The lines after `seq` (exclusive) added up: what a burst led to.
  package func tally(after seq: Int = 0) -> TallyBoard {
    var board = TallyBoard()
    for line in lines where line.seq > seq { board.record(line.event) }
    return board
  }

  /// The highest `seq` so far (0 when empty).
  package var lastSeq: Int { lines.last?.seq ?? 0 }
}
