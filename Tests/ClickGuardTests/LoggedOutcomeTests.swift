// The one string form of an outcome: every ClickOutcome survives the log's
// words and back, and words that do not name one are refused.

import ClickGuard
import Testing

struct LoggedOutcomeTests {
  static let everyOutcome: [ClickOutcome] =
    [.accepted] + DropReason.allCases.flatMap { [ClickOutcome.dropped($0), .wouldDrop($0)] }
    + PassReason.allCases.map { ClickOutcome.passed($0) }

  @Test(arguments: everyOutcome) func outcomeRoundTripsThroughItsWords(outcome: ClickOutcome) {
    #expect(ClickOutcome(logged: outcome.logged.rawValue, reason: outcome.loggedReason) == outcome)
  }

  @Test func wordsAreTheLogsWords() {
    #expect(ClickOutcome.accepted.logged.rawValue == "accepted")
    #expect(ClickOutcome.accepted.loggedReason == nil)
    #expect(ClickOutcome.wouldDrop(.eventTime).logged.rawValue == "would-drop")
    #expect(ClickOutcome.wouldDrop(.eventTime).loggedReason == "event-time")
    #expect(ClickOutcome.passed(.kindSkipped).loggedReason == "kind-skipped")
  }

  @Test func wordsThatNameNoOutcomeAreRefused() {
    #expect(ClickOutcome(logged: "dropped", reason: "mystery") == nil)
    #expect(ClickOutcome(logged: "dropped", reason: nil) == nil)
    #expect(ClickOutcome(logged: "passed", reason: "busy") == nil)
    #expect(ClickOutcome(logged: "fence-drop", reason: "settling") == nil)
    #expect(ClickOutcome(logged: "maybe", reason: nil) == nil)
  }

  @Test func fenceAndRepeatKinds() {
    #expect(LoggedOutcome.allCases.filter(\.isRepeat) == [.dropped, .wouldDrop])
    #expect(LoggedOutcome.allCases.filter(\.isFence) == [.fenceDrop, .wouldFenceDrop])
  }
}
