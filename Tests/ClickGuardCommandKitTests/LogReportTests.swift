// LogReportTests: `clickguard report`'s counts on a known log
// (Fixtures/sample.log), bad lines counted with their numbers, the
// most-repeated order, and the rule suggestions: deliberate repeats get a
// rule; a burst, a navigation and too few repeats do not.

import ClickGuard
import ClickGuardCommandKit
import Foundation
import Testing

@Suite struct LogReportTests {
  private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/sample.log")

  private func sample() throws -> LogReport {
    var report = LogReport()
    report.read(text: try String(contentsOf: Self.fixture, encoding: .utf8), source: "sample.log")
    return report
  }

  private func tally(_ report: LogReport, _ program: String, label: String) -> WidgetTally? {
    report.tallies.first { $0.widget.program == program && $0.widget.label == label }
  }

  @Test func countsEachWidgetsOutcomesByReason() throws {
    let report = try sample()
    #expect(report.decisionCount == 31)
    #expect(report.programs == ["calc", "viewer"])
    let seven = try #require(tally(report, "calc", label: "7"))
    #expect(seven.accepted == 1)
    #expect(seven.wouldDrop == ["within-interval": 7])
    #expect(seven.dropped.isEmpty)
    let equals = try #require(tally(report, "calc", label: "="))
    #expect(equals.widget.id == "equals")
    #expect(equals.accepted == 2)
    #expect(equals.dropped == ["event-time": 2, "within-interval": 4, "busy": 2])
    let back = try #require(tally(report, "calc", label: "Back"))
    #expect(back.fenceDropped == ["predates-page": 1])
    #expect(back.wouldFenceDrop == ["transition": 1])
    #expect(back.fenceDrops == 2)
    let zoom = try #require(report.tallies.first { $0.widget.accessible == "Zoom in" })
    #expect(zoom.passed == ["exempt": 2, "programmatic": 1])
    #expect(zoom.widget.displayName == "accessible \"Zoom in\" GtkButton")
  }

  @Test func badLinesAreCountedWithTheirNumbersAndBlankLinesSkipped() throws {
    let report = try sample()
    #expect(report.badLines == [4, 12, 35].map { BadLine(source: "sample.log", line: $0) })
  }

  @Test func mostRepeatedComesFirst() throws {
    let top = try sample().mostRepeated(2)
    #expect(top.map(\.widget.label) == ["=", "7"])
    #expect(top.map(\.repeats) == [8, 7])
  }

  @Test func onlyTheEvenlyRepeatedWidgetThatNeverNavigatesGetsARule() throws {
    let rules = RuleSuggester().rules(for: try sample())
    #expect(rules.map(\.group) == ["calc: label=7"])
    let rule = try #require(rules.first)
    #expect(rule.intervalMs == 160)  // 0.7 × the shortest gap, 240 ms, rounded down to 10 ms
    #expect(rule.medianGapMs == 250)
    #expect(rule.text.hasSuffix("[calc: label=7]\ninterval-ms=160"))
  }

  @Test func theSameRepeatsWithoutTheFenceDropGetARule() throws {
    // "Next" is left out only because a fence drop follows its click.
    var report = LogReport()
    let text = try String(contentsOf: Self.fixture, encoding: .utf8)
      .split(separator: "\n").filter { !$0.contains("fence-drop") }.joined(separator: "\n")
    report.read(text: text, source: "sample.log")
    #expect(RuleSuggester().rules(for: report).map(\.group) == ["calc: label=7", "calc: label=Next"])
  }

  @Test func aFenceDropCountsAgainstTheLastAcceptedWidgetOnly() {
    // "7" is typed evenly; then "Next" is clicked and a fence drop follows
    // within the window of both: only "Next" navigated.
    var report = LogReport()
    func line(_ at: Int, _ outcome: ClickOutcome.Kind, _ label: String, reason: String? = nil) {
      let seconds = at / 1000
      let time =
        "2026-11-30T18:00:\(seconds < 10 ? "0" : "")\(seconds).\(String(at % 1000).padded(left: 3, with: "0"))Z"
      let decision = DecisionLogLine(
        outcome: outcome.rawValue, reason: reason, program: "calc", label: label, time: time,
        eventTime: UInt32(100_000 + at))
      report.add(decision, outcome)
    }
    line(0, .accepted, "7")
    for index in 1...6 { line(index * 250, .wouldDrop, "7", reason: "within-interval") }
    line(1700, .accepted, "Next")
    line(1850, .fenced, "Back", reason: "predates-page")
    #expect(report.navigatingWidgets(within: 2000).map(\.label) == ["Next"])
    #expect(RuleSuggester().rules(for: report).map(\.group) == ["calc: label=7"])
  }

  @Test func aBurstOrTooFewRepeatsGetNoRule() {
    var report = LogReport()
    func click(_ at: UInt32, _ outcome: ClickOutcome.Kind, label: String) {
      let line = DecisionLogLine(
        outcome: outcome.rawValue, reason: outcome == .accepted ? nil : "within-interval", program: "p", label: label,
        eventTime: at)
      report.add(line, outcome)
    }
    // Fast and even: a bounce.
    click(1000, .accepted, label: "fast")
    for index in 1...8 { click(1000 + UInt32(index) * 90, .dropped, label: "fast") }
    // Even and slow, but only five repeats.
    click(1000, .accepted, label: "few")
    for index in 1...5 { click(1000 + UInt32(index) * 300, .dropped, label: "few") }
    // Slow but uneven.
    click(1000, .accepted, label: "uneven")
    for (index, gap) in [160, 450, 200, 480, 170, 400, 190].enumerated() {
      click(1000 + UInt32(index * 500 + gap), .dropped, label: "uneven")
    }
    #expect(RuleSuggester().rules(for: report).isEmpty)
    // The wrap of the 32-bit event time does not break a gap.
    var wrapped = LogReport()
    let start = UInt32.max - 500
    wrapped.add(DecisionLogLine(outcome: "accepted", program: "p", label: "w", eventTime: start), .accepted)
    for index in 1...6 {
      let line = DecisionLogLine(
        outcome: "would-drop", reason: "event-time", program: "p", label: "w", eventTime: start &+ UInt32(index * 200))
      wrapped.add(line, .wouldDrop)
    }
    #expect(wrapped.tallies[0].rhythm == RepeatRhythm(gaps: Array(repeating: 200, count: 6)))
  }

  /// galculator's digits are toggles, which the lag profile lets through:
  /// five clicks 80 ms apart on "7" are four bounces, and the report
  /// suggests the bounce profile for galculator. Toggles clicked at a
  /// person's pace, or by the app's own code, suggest nothing.
  @Test func togglesThatBounceGetTheBounceProfile() throws {
    var report = LogReport()
    func pass(_ program: String, _ label: String, at: UInt32, source: String = "user") {
      let line = DecisionLogLine(
        outcome: "passed", reason: "kind-skipped", program: program, widget: "GtkToggleButton", label: label,
        eventTime: at, source: source)
      report.add(line, .passed)
    }
    for index in 0..<5 { pass("galculator", "7", at: 10_000 + UInt32(index) * 80) }
    for index in 0..<5 { pass("calm", "Bold", at: 10_000 + UInt32(index) * 600) }
    for index in 0..<5 { pass("calm", "Italic", at: 10_000 + UInt32(index) * 20, source: "programmatic") }
    let profiles = RuleSuggester().profiles(for: report)
    #expect(profiles.map(\.program) == ["galculator"])
    #expect(profiles.first?.bounces == 4)
    #expect(profiles.first?.shortestGapMs == 80)
    let text = ReportText().render(report, rules: [], profiles: profiles, policy: SuggestionPolicy())
    #expect(text.contains("Suggested profile: these programs' toggles were clicked again within 300 ms"))
    #expect(
      text.contains(
        "# galculator: toggles clicked again within 300 ms 4 times (shortest 80 ms), let through as toggles are "
          + "by default: \"7\" GtkToggleButton\n[galculator]\nprofile=bounce"))
    // The suggestion reads back as the profile, without warnings.
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(ReportJSON(report, rules: [], profiles: profiles, top: 10).text.utf8)) as? [String: Any])
    let suggested = try #require(json["suggestedProfiles"] as? [[String: Any]])
    #expect(suggested.first?["program"] as? String == "galculator")
    // Without bounces, no section at all.
    var calm = LogReport()
    calm.add(
      DecisionLogLine(outcome: "passed", reason: "kind-skipped", program: "calm", label: "Bold", eventTime: 1),
      .passed)
    #expect(RuleSuggester().profiles(for: calm).isEmpty)
    #expect(!ReportText().render(calm, rules: [], policy: SuggestionPolicy()).contains("Suggested profile"))
  }

  @Test func aSelectorThatAKeyFileCannotHoldFallsBack() {
    #expect(WidgetIdentity(program: "p", type: "GtkButton", id: "ok", label: "OK").selector == "id=ok")
    #expect(
      WidgetIdentity(program: "p", type: "GtkButton", label: "[x]", accessible: "Close").selector == "accessible=Close")
    #expect(WidgetIdentity(program: "p", type: "GtkButton", label: "[x]").selector == nil)
  }

  @Test func theTextNamesEachPartAndTheJSONCarriesTheCounts() throws {
    let report = try sample()
    let rules = RuleSuggester().rules(for: report)
    let text = ReportText().render(report, rules: rules, policy: SuggestionPolicy())
    #expect(text.contains("3 lines are not ClickGuard decisions, skipped: sample.log lines 4, 12, 35"))
    #expect(text.hasPrefix("ClickGuard report: 31 decisions from sample.log, 2 programs\n"))
    #expect(text.contains("would drop: 7 repeated within the interval"))
    #expect(
      text.contains(
        "dropped: 4 repeated within the interval, 2 while the action was running, "
          + "2 made during the accepted click's action or interval"))
    #expect(text.contains("fenced: 1 made before the content appeared; would fence: 1 during the content's transition"))
    #expect(text.contains("8  \"=\" GtkButton in calc: 80% of its 10 activations"))
    #expect(text.contains("[calc: label=7]\ninterval-ms=160"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ReportJSON(report, rules: rules, top: 10).text.utf8))
        as? [String: Any])
    #expect(json["decisions"] as? Int == 31)
    #expect((json["badLines"] as? [Any])?.count == 3)
    #expect((json["suggestedRules"] as? [Any])?.count == 1)
  }

  /// One of each reads "1 decision", "1 program", "1 activation"; a
  /// mnemonic's underscore is not shown; reasons are words in the text and
  /// the log's own in the JSON.
  @Test func theTextSpeaksPlainlyAndTheJSONKeepsTheLogsWords() throws {
    var report = LogReport()
    report.read(
      text: """
        {"program":"p","widget":"GtkCheckButton","label":"_Remember me","outcome":"passed","reason":"kind-skipped"}
        """, source: "one.log")
    let text = ReportText().render(report, rules: [], policy: SuggestionPolicy())
    #expect(text.hasPrefix("ClickGuard report: 1 decision from one.log, 1 program\n"))
    #expect(text.contains("  \"Remember me\" GtkCheckButton"))
    #expect(text.contains("let through: 1 toggle or switch, not guarded by default"))
    #expect(!text.contains("_Remember") && !text.contains("kind-skipped"))

    report.read(
      text: """
        {"program":"p","widget":"GtkButton","label":"_Yes","outcome":"accepted"}
        {"program":"p","widget":"GtkButton","label":"_Yes","outcome":"dropped","reason":"too-fast"}
        """, source: "two.log")
    let both = ReportText().render(report, rules: [], policy: SuggestionPolicy())
    #expect(both.contains("dropped: 1 pressed again too fast (a shortcut, or a click under the bounce profile)"))
    #expect(both.contains("\"Yes\" GtkButton in p: 50% of its 2 activations"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ReportJSON(report, rules: [], top: 10).text.utf8))
        as? [String: Any])
    let widgets = try #require(json["widgets"] as? [[String: Any]])
    let check = try #require(widgets.first { ($0["widget"] as? [String: Any])?["label"] as? String == "_Remember me" })
    #expect(check["passed"] as? [String: Int] == ["kind-skipped": 1])
    #expect(
      WidgetIdentity(program: "p", type: "GtkButton", label: "Save __as_").displayName == "\"Save _as_\" GtkButton")
  }

  @Test func logTimesReadAsMilliseconds() {
    #expect(LogTimestamp.milliseconds("1970-01-01T00:00:00.000Z") == 0)
    #expect(LogTimestamp.milliseconds("2026-11-30T18:00:00.250Z") == 1_796_061_600_250)
    #expect(LogTimestamp.milliseconds("2000-02-29T23:59:59.9Z") == 951_868_799_900)
    // RFC 3339's space between date and time reads too; a time without a
    // zone does not (the log always writes UTC, `Z`).
    #expect(LogTimestamp.milliseconds("2026-11-30 18:00:00Z") == 1_796_061_600_000)
    #expect(LogTimestamp.milliseconds("2026-11-30T18:00:00") == nil)
    #expect(LogTimestamp.milliseconds("yesterday") == nil)
  }
}

extension String {
  /// The string padded on the left with `pad` to `width` characters.
  fileprivate func padded(left width: Int, with pad: Character) -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
