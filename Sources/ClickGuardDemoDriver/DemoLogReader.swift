// DemoLogReader: reads the demo's JSON-lines log back with JSONDecoder — the
// layout (where to click) and what a burst of clicks led to — for the
// showcase and the tests.

import ClickGuardDemoKit
import Foundation

/// The demo's log, parsed.
public struct DemoLogReader: Sendable {
  /// Every complete line, in order.
  public let lines: [DemoLogLine]

  /// Parses `text`; an incomplete last line (still being written) is
  /// skipped.
  public init(text: String) {
    let decoder = JSONDecoder()
    lines = text.split(separator: "\n").compactMap { try? DemoLogLine(json: String($0), decoder: decoder) }
  }

  /// Reads the log at `path` (empty when it does not exist yet).
  public init(path: String) {
    self.init(text: FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "")
  }

  /// The lines of `type`.
  public func lines(ofType type: String) -> [DemoLogLine] {
    lines.filter { $0.type == type }
  }

  /// The latest `layout` line, parsed.
  public var layout: DemoLayout? {
    lines(ofType: "layout").last?.layout
  }

  /// What happened to the lines after `seq` (exclusive): the outcome of a
  /// burst on `control`.
  public func outcome(of control: String, after seq: Int = 0) -> BurstOutcome {
    BurstOutcome(control: control, lines: lines.filter { $0.seq > seq })
  }

  /// The highest `seq` so far (0 when empty).
  public var lastSeq: Int { lines.last?.seq ?? 0 }
}
