// ReportText: `clickguard report`'s output for a person: what was read, a
// table per program with the reasons in words, the widgets repeated most,
// the suggested rules ready to paste. Pure: a report in, text out.

import ClickGuardGObject

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
    let files = report.sources.map { $0 == "-" ? localized("standard input") : $0 }
    let programs = report.programs.count
    var lines = [
      localized("ClickGuard report: {decisions} from {files}, {programs}").filling([
        "decisions": localizedPlural("{count} decision", "{count} decisions", count: report.decisionCount).filling([
          "count": String(report.decisionCount)
        ]),
        "files": files.joined(separator: ", "),
        "programs": localizedPlural("{count} program", "{count} programs", count: programs).filling([
          "count": String(programs)
        ]),
      ])
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
        let numbers =
          total > listedCount
          ? localized("{numbers} and {count} more").filling(["numbers": shown, "count": String(total - listedCount)])
          : shown
        let name = source == "-" ? localized("standard input") : source
        return localizedPlural("{source} line {numbers}", "{source} lines {numbers}", count: total).filling([
          "source": name, "numbers": numbers,
        ])
      }
      let count = report.badLineCount
      lines.append(
        localizedPlural(
          "{count} line is not ClickGuard decisions, skipped: {lines}",
          "{count} lines are not ClickGuard decisions, skipped: {lines}", count: count
        ).filling(["count": String(count), "lines": listed.joined(separator: "; ")]))
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
      program ?? localized("(program not logged)"),
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
        (localized("accepted"), tally.acceptedAs ?? [:]), (localized("dropped"), tally.dropped),
        (localized("would drop"), tally.wouldDrop), (localized("fenced"), tally.fenceDropped),
        (localized("would fence"), tally.wouldFenceDrop), (localized("let through"), tally.passed),
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
    guard !tallies.isEmpty else { return [localized("Repeated most: no widget had repeats.")] }
    let width = String(tallies.map(\.repeats).max() ?? 0).count
    return [localized("Repeated most (dropped or would drop):")]
      + tallies.map { tally in
        let percent = tally.judged > 0 ? tally.repeats * 100 / tally.judged : 0
        let activations = localizedPlural("{count} activation", "{count} activations", count: tally.judged)
          .filling(["count": String(tally.judged)])
        // xgettext:no-c-format ("50% of" is not a printf format)
        let share = localized("{widget} in {program}: {percent}% of its {activations}").filling([
          "widget": tally.widget.displayName, "program": tally.widget.program ?? localized("(program not logged)"),
          "percent": String(percent), "activations": activations,
        ])
        return "  " + String(tally.repeats).padded(left: width) + "  " + share
      }
  }

  /// The suggested rules, or why there are none.
  func suggestions(_ rules: [SuggestedRule], policy: SuggestionPolicy) -> [String] {
    let criteria = localized(
      "at least {repeats} quick repeats, a median gap of {gap} ms or more, spread at most {spread}%, never followed by a fence drop"
    ).filling([
      "repeats": String(policy.minimumRepeats), "gap": String(policy.fastestDeliberateGap),
      "spread": String(Int(policy.maximumSpread * 100)),
    ])
    guard !rules.isEmpty else {
      return [
        localized("Suggested rules: none; no widget's repeats look deliberate ({criteria}).").filling([
          "criteria": criteria
        ])
      ]
    }
    return [
      localized("Suggested rules: these widgets' repeats look deliberate ({criteria}).").filling(["criteria": criteria]
      ),
      localized("Paste into your clickguard.conf ('clickguard doctor' shows where it is):"), "",
    ]
      + rules.map(\.text).joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
  }

  /// The bounce profile for the programs whose toggles bounced.
  func bounceSuggestions(_ profiles: [SuggestedProfile], policy: SuggestionPolicy) -> [String] {
    [
      localized(
        "Suggested profile: these programs' toggles were clicked again within {window} ms at least {bounces} times, and toggles are not guarded by default: clicks that bounce (a hand tremor). The bounce profile drops them, toggles included (docs/module.md, \"Bounce profile\")."
      ).filling(["window": String(policy.bounceWindow), "bounces": String(policy.minimumBounces)]),
      localized("Paste into your clickguard.conf:"), "",
    ]
      + profiles.map(\.text).joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
  }

  /// `name`, cut to `width` characters with an ellipsis.
  static func shortened(_ name: String, _ width: Int) -> String {
    name.count <= width ? name : String(name.prefix(width - 1)) + "…"
  }
}
