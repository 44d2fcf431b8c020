// The one string form of an outcome: every ClickOutcome, the fence's
// included, survives the log's words and back, and words that do not name
// one are refused.

import ClickGuard
import ClickGuardTestSupport
import Testing

struct ClickOutcomeWordsTests {
  @Test(arguments: ClickOutcome.everyOutcome) func outcomeRoundTripsThroughItsWords(outcome: ClickOutcome) {
    #expect(ClickOutcome(outcomeWord: outcome.outcomeWord, reasonWord: outcome.reasonWord) == outcome)
    #expect(ClickOutcome.Kind(rawValue: outcome.outcomeWord) == outcome.kind)
  }

  @Test func everyKindIsAnOutcomesKind() {
    #expect(Set(ClickOutcome.everyOutcome.map(\.kind)) == Set(ClickOutcome.Kind.allCases))
  }

  @Test func wordsAreTheLogsWords() {
    #expect(ClickOutcome.accepted.outcomeWord == "accepted")
    #expect(ClickOutcome.accepted.reasonWord == nil)
    #expect(ClickOutcome.wouldDrop(.eventTime).outcomeWord == "would-drop")
    #expect(ClickOutcome.wouldDrop(.eventTime).reasonWord == "event-time")
    #expect(ClickOutcome.passed(.kindSkipped).reasonWord == "kind-skipped")
    #expect(ClickOutcome.fenced(.predatesPage).outcomeWord == "fence-drop")
    #expect(ClickOutcome.fenced(.predatesPage).reasonWord == "predates-page")
    #expect(ClickOutcome.wouldFence(.continuingBurst).outcomeWord == "would-fence-drop")
    #expect(ClickOutcome.wouldFence(.continuingBurst).description == "would-fence-drop(continuing-burst)")
    #expect(ClickOutcome.dropped(.busy).description == "dropped(busy)")
  }

  @Test func anAcceptedLinesReasonIsNotPartOfTheOutcome() {
    #expect(ClickOutcome(outcomeWord: "accepted", reasonWord: "person-repeat") == .accepted)
  }

  @Test func wordsThatNameNoOutcomeAreRefused() {
    #expect(ClickOutcome(outcomeWord: "dropped", reasonWord: "mystery") == nil)
    #expect(ClickOutcome(outcomeWord: "dropped", reasonWord: nil) == nil)
    #expect(ClickOutcome(outcomeWord: "passed", reasonWord: "busy") == nil)
    #expect(ClickOutcome(outcomeWord: "fence-drop", reasonWord: "busy") == nil)
    #expect(ClickOutcome(outcomeWord: "would-fence-drop", reasonWord: nil) == nil)
    #expect(ClickOutcome(outcomeWord: "maybe", reasonWord: nil) == nil)
  }

  @Test func fenceAndRepeatKinds() {
    #expect(ClickOutcome.Kind.allCases.filter(\.isRepeat) == [.dropped, .wouldDrop])
    #expect(ClickOutcome.Kind.allCases.filter(\.isFence) == [.fenced, .wouldFence])
  }

  @Test func aFencedPressDoesNotGoOnAndAWouldBeOneDoes() {
    #expect(!ClickOutcome.fenced(.settling).runsAction)
    #expect(ClickOutcome.wouldFence(.settling).runsAction)
  }
}
