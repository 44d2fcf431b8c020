// ReportText: `clickguard report`'s output for a person: what was read, a
// table per program with the reasons in words, the widgets repeated most,
// the suggested rules ready to paste. Pure: a report in, text out.

/// The text `clickguard report` prints.
package struct ReportText: Sendable {
  /// How many widgets "repeated most" lists.
  package var top: Int
  /// The widest a widget's name gets in the tables.
  static let nameWidth = 44
  /// How many bad line numbers are listed per file.
  static let listedBadLines = LogReport.keptBadLines

  /// Text that lists the `top` widgets repeated most.
  package init(top: Int = 10) {
    self.top = top
  }

  /// The text for `report`, with `rules` and `profiles` suggested.
  package func render(
    _ report: LogReport, rules: [SuggestedRule], profiles: [SuggestedProfile] = [], policy: SuggestionPolicy
  ) -> String {
    var lines = header(report)
    for program in report.programs {
      lines.append("")
      lines += table(program, report.tallies.filter { $0.widget.program == program })
    }
    lines.append("")
    lines += mostRepeated(report)
    lines.append("")
    lines += suggestions(rules, policy: policy)
    if !profiles.isEmpty {
      lines.append("")
      lines += bounceSuggestions(profiles, policy: policy)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What was read, and the lines that were not decisions.
  func header(_ report: LogReport) -> [String] {
    let files = report.sources.map { $0 == "-" ? "standard input" : $0 }
    let programs = report.programs.count
    var lines = [
      "ClickGuard report: \(Self.counted(report.decisionCount, "decision")) from \(files.joined(separator: ", ")), "
        + Self.counted(programs, "program")
    ]
    if report.badLineCount > 0 {
      // Sources in the order their first bad line came; the report keeps
      // the first lines of each and counts the rest.
      var bySource: [(String, [Int])] = []
      for bad in report.badLines {
        if let index = bySource.firstIndex(where: { $0.0 == bad.source }) {
          bySource[index].1.append(bad.line)
        } else {
          bySource.append((bad.source, [bad.line]))
        }
      }
      let listed = bySource.map { source, numbers in
        let total = report.badLineCounts[source] ?? numbers.count
        let shown = numbers.prefix(Self.listedBadLines).map(String.init).joined(separator: ", ")
        let listedCount = min(numbers.count, Self.listedBadLines)
        let more = total > listedCount ? " and \(total - listedCount) more" : ""
        let name = source == "-" ? "standard input" : source
        return "\(name) line\(total == 1 ? "" : "s") \(shown)\(more)"
      }
      let count = report.badLineCount
      lines.append(
        "\(count) line\(count == 1 ? " is" : "s are") not ClickGuard decisions, skipped: "
          + listed.joined(separator: "; "))
    }
    return lines
  }

  /// One program's table: a row per widget, a line of reasons under it.
  /// Fenced: presses the spill-over fence dropped (or would have). Let
  /// through: activations run without being judged.
  func table(_ program: String?, _ tallies: [WidgetTally]) -> [String] {
    let width = min(Self.nameWidth, max(6, tallies.map { $0.widget.displayName.count }.max() ?? 0))
    let columns = ["ACCEPTED", "DROPPED", "WOULD-DROP", "FENCED", "LET-THROUGH"]
    var lines = [
      program ?? "(program not logged)",
      "  " + "WIDGET".padded(to: width) + columns.map { "  " + $0 }.joined(),
    ]
    for tally in tallies {
      let counts = [
        tally.accepted, tally.dropped.values.reduce(0, +), tally.wouldDrop.values.reduce(0, +), tally.fenceDrops,
        tally.passed.values.reduce(0, +),
      ]
      let cells = zip(columns, counts).map { "  " + String($1).padded(left: $0.count) }.joined()
      lines.append("  " + Self.shortened(tally.widget.displayName, width).padded(to: width) + cells)
      let reasons = [
        ("accepted", tally.acceptedAs ?? [:]), ("dropped", tally.dropped), ("would drop", tally.wouldDrop),
        ("fenced", tally.fenceDropped),
        ("would fence", tally.wouldFenceDrop), ("let through", tally.passed),
      ].filter { !$0.1.isEmpty }.map { name, counts in
        "\(name): "
          + counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
          .map { "\($0.value) \(ReasonWords.text($0.key))" }.joined(separator: ", ")
      }
      if !reasons.isEmpty { lines.append("      " + reasons.joined(separator: "; ")) }
    }
    return lines
  }

  /// The widgets with the most repeats.
  func mostRepeated(_ report: LogReport) -> [String] {
    let tallies = report.mostRepeated(top)
    guard !tallies.isEmpty else { return ["Repeated most: no widget had repeats."] }
    let width = String(tallies.map(\.repeats).max() ?? 0).count
    return ["Repeated most (dropped or would drop):"]
      + tallies.map { tally in
        let percent = tally.judged > 0 ? tally.repeats * 100 / tally.judged : 0
        return "  " + String(tally.repeats).padded(left: width)
          + "  \(tally.widget.displayName) in \(tally.widget.program ?? "(program not logged)"): "
          + "\(percent)% of its \(Self.counted(tally.judged, "activation"))"
      }
  }

  /// The suggested rules, or why there are none.
  func suggestions(_ rules: [SuggestedRule], policy: SuggestionPolicy) -> [String] {
    let criteria =
      "at least \(policy.minimumRepeats) quick repeats, a median gap of \(policy.fastestDeliberateGap) ms or more, "
      + "spread at most \(Int(policy.maximumSpread * 100))%, never followed by a fence drop"
    guard !rules.isEmpty else {
      return ["Suggested rules: none; no widget's repeats look deliberate (\(criteria))."]
    }
    return [
      "Suggested rules: these widgets' repeats look deliberate (\(criteria)).",
      "Paste into your clickguard.conf ('clickguard doctor' shows where it is):", "",
    ]
      + rules.map(\.text).joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
  }

  /// The bounce profile for the programs whose toggles bounced.
  func bounceSuggestions(_ profiles: [SuggestedProfile], policy: SuggestionPolicy) -> [String] {
    [
      "Suggested profile: these programs' toggles were clicked again within \(policy.bounceWindow) ms at least "
        + "\(policy.minimumBounces) times, and toggles are not guarded by default: clicks that bounce (a hand "
        + "tremor). The bounce profile drops them, toggles included (docs/module.md, \"Bounce profile\").",
      "Paste into your clickguard.conf:", "",
    ]
      + profiles.map(\.text).joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
  }

  /// `count` and `noun`, plural unless the count is 1: "1 decision", "2 decisions".
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `name`, cut to `width` characters with an ellipsis.
  static func shortened(_ name: String, _ width: Int) -> String {
    name.count <= width ? name : String(name.prefix(width - 1)) + "…"
  }
}
