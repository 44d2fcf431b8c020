// LogReport: reads decision log lines (JSONDecoder) into per-widget tallies,
// counting the lines it cannot read instead of stopping at them. It reads a
// stream: chunks of bytes in, counts kept, no line kept after it is read, so
// its size follows the distinct programs and widgets, not the log's length.
// Pure: it takes bytes or text, so tests feed it a fixture log.

import ClickGuard
import FoundationEssentials

/// What a set of decision logs says, widget by widget.
///
/// ```swift
/// var report = LogReport()
/// report.read(text: logText, source: "app.log")
/// // or, streaming: report.start(source: "app.log"); report.feed(chunk)…; report.finishSource()
/// report.tallies          // per widget, sorted by program and name
/// report.badLines         // the first lines of each source that are not decisions
/// ```
package struct LogReport {
  /// How many bad lines are kept (and listed) per source; the others are
  /// only counted.
  package static let keptBadLines = 20

  /// Each widget's tally.
  package private(set) var widgets: [WidgetIdentity: WidgetTally] = [:]
  /// The first ``keptBadLines`` lines of each source that are not decisions
  /// (not JSON, no `outcome`, an unknown outcome, longer than
  /// ``LineSplitter/defaultLimit``), in the order read.
  package private(set) var badLines: [BadLine] = []
  /// How many lines of each source are not decisions.
  package private(set) var badLineCounts: [String: Int] = [:]
  /// The decision lines read.
  package private(set) var decisionCount = 0
  /// The sources read (file names, `-` for standard input), in order.
  package private(set) var sources: [String] = []
  /// For each widget whose accepted activation a fence drop followed in the
  /// same process (no other accepted activation in between), the shortest
  /// time from the activation to the drop (ms).
  private var fenceAfterAccept: [WidgetIdentity: Int64] = [:]
  /// Each process's last accepted activation: when, and which widget.
  private var lastAccepted: [Int64: (time: Int64, widget: WidgetIdentity)] = [:]
  /// The source being read, its splitter and its last line's number.
  private var source = ""
  private var splitter = LineSplitter()
  private var lineNumber = 0
  private let decoder = JSONDecoder()

  /// An empty report.
  package init() {}

  /// The lines that are not decisions, in all sources.
  package var badLineCount: Int { badLineCounts.values.reduce(0, +) }

  /// Reads every line of `text`, the content of `source`.
  package mutating func read(text: String, source: String) {
    start(source: source)
    var text = text
    text.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
    finishSource()
  }

  /// Starts reading `source` (its lines numbered from 1).
  package mutating func start(source: String) {
    sources.append(source)
    self.source = source
    lineNumber = 0
  }

  /// Reads the lines that end in `chunk`, the next bytes of the source.
  package mutating func feed(_ chunk: UnsafeRawBufferPointer) {
    // The splitter is moved out while it calls back into the report.
    var splitter = LineSplitter()
    swap(&splitter, &self.splitter)
    splitter.feed(chunk) { read($0) }
    swap(&splitter, &self.splitter)
  }

  /// Reads the source's last line, when it did not end with a newline.
  package mutating func finishSource() {
    var splitter = LineSplitter()
    swap(&splitter, &self.splitter)
    splitter.finish { read($0) }
    swap(&splitter, &self.splitter)
  }

  /// Reads one line of the source. Blank lines are skipped.
  private mutating func read(_ line: LineSplitter.Line) {
    lineNumber += 1
    guard case .text(let bytes) = line else { return bad() }
    guard !Self.isBlank(bytes) else { return }
    guard let decision = decode(bytes), let outcome = ClickOutcome.Kind(rawValue: decision.outcome) else {
      return bad()
    }
    add(decision, outcome)
  }

  /// The decision on a line, or `nil` when it is not one. Bytes that are
  /// not UTF-8 are read as U+FFFD.
  private func decode(_ bytes: UnsafeRawBufferPointer) -> DecisionLogLine? {
    if let decision = try? decoder.decode(DecisionLogLine.self, from: Data(bytes)) { return decision }
    guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
    return try? decoder.decode(DecisionLogLine.self, from: Data(String(decoding: bytes, as: UTF8.self).utf8))
  }

  /// Counts the current line as not a decision.
  private mutating func bad() {
    let count = badLineCounts[source, default: 0]
    if count < Self.keptBadLines { badLines.append(BadLine(source: source, line: lineNumber)) }
    badLineCounts[source] = count + 1
  }

  /// Whether `bytes` hold only white space.
  private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first(where: { !(0x09...0x0D).contains($0) && $0 != 0x20 }) else { return true }
    // Other white space (no-break spaces…) is not ASCII.
    return first >= 0x80 && String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
  }

  /// Counts one decision.
  package mutating func add(_ decision: DecisionLogLine, _ outcome: ClickOutcome.Kind) {
    decisionCount += 1
    let widget = WidgetIdentity(decision)
    let pid = decision.pid ?? 0
    let wallTime = decision.time.flatMap(LogTimestamp.milliseconds)
    widgets[widget, default: WidgetTally(widget: widget)].count(decision, outcome, pid: pid, wallTime: wallTime)
    guard let wallTime else { return }
    if outcome.isFence, let last = lastAccepted[pid], last.time <= wallTime {
      fenceAfterAccept[last.widget] = min(fenceAfterAccept[last.widget] ?? .max, wallTime - last.time)
    }
    if outcome == .accepted { lastAccepted[pid] = (wallTime, widget) }
  }

  /// The tallies, by program, then by widget name.
  package var tallies: [WidgetTally] {
    widgets.values.sorted { $0.widget < $1.widget }
  }

  /// The programs seen (`nil`: lines without a program), sorted.
  package var programs: [String?] {
    Array(Set(widgets.keys.map(\.program))).sorted { ($0 ?? "") < ($1 ?? "") }
  }

  /// The `count` widgets with the most repeats (dropped or would-drop),
  /// most first; widgets without repeats are left out.
  package func mostRepeated(_ count: Int) -> [WidgetTally] {
    let repeated = widgets.values.filter { $0.repeats > 0 }
    return Array(repeated.sorted { ($1.repeats, $0.widget) < ($0.repeats, $1.widget) }.prefix(count))
  }

  /// The widgets that showed fresh content: each widget whose accepted
  /// activation was the last before a fence drop in the same process, at
  /// most `window` milliseconds before it.
  package func navigatingWidgets(within window: Int64) -> Set<WidgetIdentity> {
    Set(fenceAfterAccept.filter { $0.value <= window }.keys)
  }
}
