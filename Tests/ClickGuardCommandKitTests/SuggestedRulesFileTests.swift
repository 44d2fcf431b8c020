// SuggestedRulesFileTests: the rules `clickguard report` suggests are
// accepted as they are by the module's own rules-file reader: pasted into a
// clickguard.conf they give no warning and set the interval for that widget
// of that program.

import ClickGuard
import ClickGuardCommandKit
import ClickGuardGtkModule
import ClickGuardRules
import Foundation
import Testing

@Suite struct SuggestedRulesFileTests {
  private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/sample.log")

  @Test func theSuggestedRulesReadWithoutWarningsAndSetTheInterval() throws {
    var report = LogReport()
    report.read(text: try String(contentsOf: Self.fixture, encoding: .utf8), source: "sample.log")
    // A widget named by its builder id and one with a label that needs no
    // escaping beside the fixture's.
    for (label, id) in [("Save", "save_button"), ("x²", nil)] as [(String, String?)] {
      report.add(
        DecisionLogLine(outcome: "accepted", program: "calc", label: label, id: id, eventTime: 1000), .accepted)
      for index in 1...6 {
        let line = DecisionLogLine(
          outcome: "dropped", reason: "within-interval", program: "calc", label: label, id: id,
          eventTime: 1000 + UInt32(index) * 300)
        report.add(line, .dropped)
      }
    }
    let rules = RuleSuggester().rules(for: report)
    #expect(rules.map(\.group).sorted() == ["calc: id=save_button", "calc: label=7", "calc: label=x²"])
    let text = rules.map(\.text).joined(separator: "\n\n") + "\n"
    let file = RulesFile(
      parsing: Array(text.utf8), location: RulesFileLocation(path: "/tmp/suggested.conf", isExplicit: true))
    #expect(file.status == .loaded)
    #expect(file.warnings.isEmpty, "\(file.warnings)")
    let calc = file.rules.forProgram("calc")
    #expect(calc.thisProgram.map(\.groupName).sorted() == rules.map(\.group).sorted())
    #expect(
      calc.thisProgram.allSatisfy {
        $0.values.interval?.value.milliseconds == 210 || $0.values.interval?.value.milliseconds == 160
      })
  }

  /// The bounce profile suggested for a program whose toggles bounced
  /// reads back as that program's profile, without warnings.
  @Test func theSuggestedProfileReadsBackAsTheBounceProfile() throws {
    var report = LogReport()
    for index in 0..<5 {
      let line = DecisionLogLine(
        outcome: "passed", reason: "kind-skipped", program: "galculator", widget: "GtkToggleButton", label: "7",
        eventTime: 10_000 + UInt32(index) * 80)
      report.add(line, .passed)
    }
    let text = RuleSuggester().profiles(for: report).map(\.text).joined(separator: "\n\n") + "\n"
    let file = RulesFile(
      parsing: Array(text.utf8), location: RulesFileLocation(path: "/tmp/suggested.conf", isExplicit: true))
    #expect(file.warnings.isEmpty, "\(file.warnings)")
    #expect(file.rules.forProgram("galculator").values.profile?.value == .bounce)
  }
}
