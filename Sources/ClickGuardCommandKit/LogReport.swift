// LogReport: reads decision log lines (JSONDecoder) into per-widget tallies,
// counting the lines it cannot read instead of stopping at them. Pure: it
// takes text, so tests feed it a fixture log.

import FoundationEssentials

/// What a set of decision logs says, widget by widget.
///
/// ```swift
/// var report = LogReport()
/// report.read(text: logText, source: "app.log")
/// report.tallies          // per widget, sorted by program and name
/// report.badLines         // lines that are not decisions
/// ```
public struct LogReport {
  /// Each widget's tally.
  public private(set) var widgets: [WidgetIdentity: WidgetTally] = [:]
  /// The lines that are not decisions (not JSON, no `outcome`, an unknown
  /// outcome), in the order read.
  public private(set) var badLines: [BadLine] = []
  /// The decision lines read.
  public private(set) var decisionCount = 0
  /// The sources read (file names, `-` for standard input), in order.
  public private(set) var sources: [String] = []
  /// The wall-clock times (ms since 1970) of each process's fence drops.
  public private(set) var fenceTimes: [Int64: [Int64]] = [:]
  /// Each process's accepted activations, in log order: when, and which
  /// widget.
  private var acceptedTimes: [Int64: [(time: Int64, widget: WidgetIdentity)]] = [:]
  private let decoder = JSONDecoder()

  /// An empty report.
  public init() {}

  /// Reads every line of `text`, the content of `source`.
  public mutating func read(text: String, source: String) {
    sources.append(source)
    var number = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      read(line: line, source: source, number: number)
    }
  }

  /// Reads line `number` of `source`. Blank lines are skipped.
  public mutating func read(line: Substring, source: String, number: Int) {
    guard line.contains(where: { !$0.isWhitespace }) else { return }
    guard let decision = try? decoder.decode(DecisionLogLine.self, from: Data(line.utf8)),
      let outcome = LogOutcome(rawValue: decision.outcome)
    else {
      badLines.append(BadLine(source: source, line: number))
      return
    }
    add(decision, outcome)
  }

  /// Counts one decision.
  public mutating func add(_ decision: DecisionLogLine, _ outcome: LogOutcome) {
    decisionCount += 1
    let widget = WidgetIdentity(decision)
    let pid = decision.pid ?? 0
    let wallTime = decision.time.flatMap(LogTimestamp.milliseconds)
    widgets[widget, default: WidgetTally(widget: widget)].count(decision, outcome, pid: pid, wallTime: wallTime)
    if outcome.isFence, let wallTime { fenceTimes[pid, default: []].append(wallTime) }
    if outcome == .accepted, let wallTime { acceptedTimes[pid, default: []].append((wallTime, widget)) }
  }

  /// The tallies, by program, then by widget name.
  public var tallies: [WidgetTally] {
    widgets.values.sorted { $0.widget < $1.widget }
  }

  /// The programs seen (`nil`: lines without a program), sorted.
  public var programs: [String?] {
    Array(Set(widgets.keys.map(\.program))).sorted { ($0 ?? "") < ($1 ?? "") }
  }

  /// The `count` widgets with the most repeats (dropped or would-drop),
  /// most first; widgets without repeats are left out.
  public func mostRepeated(_ count: Int) -> [WidgetTally] {
    let repeated = widgets.values.filter { $0.repeats > 0 }
    return Array(repeated.sorted { ($1.repeats, $0.widget) < ($0.repeats, $1.widget) }.prefix(count))
  }

  /// The widgets that showed fresh content: for each fence drop, the
  /// widget whose accepted activation came last before it in the same
  /// process, at most `window` milliseconds before.
  public func navigatingWidgets(within window: Int64) -> Set<WidgetIdentity> {
    var widgets: Set<WidgetIdentity> = []
    for (pid, fences) in fenceTimes {
      let accepted = acceptedTimes[pid, default: []]
      for fence in fences {
        guard let last = accepted.last(where: { $0.time <= fence }), fence - last.time <= window else { continue }
        widgets.insert(last.widget)
      }
    }
    return widgets
  }
}
