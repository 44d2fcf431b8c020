// The bounce profile: presses on a control less than the window after the
// previous one (acted on or not) are dropped, by event time; toggles are
// judged too; a press made before the accepted action finished is still
// dropped; no window follows the action.

import Testing

@testable import ClickGuard

@MainActor
struct BounceProfileTests {
  /// Five presses `gapMs` apart on control 1 of `kind`, stamped and
  /// processed as made, each action done in 5 ms.
  private func presses(
    gapMs: Int64, kind: ControlKind = .button, configuration: GuardConfiguration = GuardConfiguration(profile: .bounce)
  ) -> [ClickOutcome] {
    let h = Harness(configuration)
    var outcomes: [ClickOutcome] = []
    for index in 0..<5 {
      h.at(Int64(index) * gapMs)
      let decision = h.click(kind: kind, event: UInt32(10_000 + Int64(index) * gapMs))
      outcomes.append(decision.outcome)
      h.advance(5)
      if decision.ticket != nil { h.finish(decision) }
    }
    return outcomes
  }

  @Test func theProfileSetsItsDefaults() {
    let bounce = GuardConfiguration(profile: .bounce)
    #expect(bounce.profile == .bounce)
    #expect(bounce.interval.milliseconds == 300)
    #expect(bounce.skippedKinds.isEmpty)
    let lag = GuardConfiguration(profile: .lag)
    #expect(lag == GuardConfiguration())
    #expect(GuardConfiguration().profile == .lag)
  }

  /// A tremor's five presses 80 ms apart act once, on a toggle as on a
  /// button: each follows the previous one by less than 300 ms, although
  /// the third comes 160 ms after the accepted one, whose action took 5 ms.
  @Test func aBounceActsOnce() {
    let once = [ClickOutcome.accepted] + Array(repeating: .dropped(.tooFast), count: 4)
    #expect(presses(gapMs: 80) == once)
    #expect(presses(gapMs: 80, kind: .toggle) == once)
    #expect(presses(gapMs: 80, kind: .switch) == once)
  }

  /// Presses 400 ms apart are each a person's: all act, where the lag
  /// profile (a 500 ms window after the action) lets only every other one
  /// through.
  @Test func pressesSlowerThanTheWindowAllAct() {
    #expect(presses(gapMs: 400).allSatisfy { $0 == .accepted })
    #expect(presses(gapMs: 400, kind: .toggle).allSatisfy { $0 == .accepted })
    #expect(presses(gapMs: 400, configuration: GuardConfiguration()).filter { $0 == .accepted }.count == 3)
  }

  /// Under the lag profile toggles pass, bouncing or not.
  @Test func theLagProfileSkipsToggles() {
    #expect(
      presses(gapMs: 80, kind: .toggle, configuration: GuardConfiguration()).allSatisfy {
        $0 == .passed(.kindSkipped)
      })
  }

  /// The window counts from the press, not from the finish: a slow action
  /// (1 s) does not lengthen it, but presses made while it ran are its
  /// repeats, whatever their pace.
  @Test func theBusyRuleStays() {
    let h = Harness(GuardConfiguration(profile: .bounce))
    let first = h.click(event: 10_000)
    #expect(first.outcome == .accepted)
    h.at(500)
    #expect(h.click(event: 10_500).outcome == .dropped(.busy))
    h.at(1000)
    h.finish(first)
    h.advance(1)
    // Made at 10 600 (before the finish), processed after it.
    #expect(h.click(event: 10_600).outcome == .dropped(.eventTime))
    h.at(1400)
    #expect(h.click(event: 11_400).outcome == .accepted)
  }

  /// A control's own interval, or the configuration's, is the bounce
  /// window.
  @Test func theIntervalIsTheWindow() throws {
    var configuration = GuardConfiguration(profile: .bounce)
    try configuration.setInterval(ClickInterval(milliseconds: 100))
    #expect(presses(gapMs: 150, configuration: configuration).allSatisfy { $0 == .accepted })
    let h = Harness(GuardConfiguration(profile: .bounce))
    let slow = ControlSettings(interval: try ClickInterval(milliseconds: 600))
    h.finish(h.click(settings: slow, event: 10_000))
    h.at(500)
    #expect(h.click(settings: slow, event: 10_500).outcome == .dropped(.tooFast))
  }

  /// Each control has its own pace: a bounce on one does not drop a press
  /// on another.
  @Test func controlsBounceApart() {
    let h = Harness(GuardConfiguration(profile: .bounce))
    h.finish(h.click(1, event: 10_000))
    h.advance(50)
    #expect(h.click(2, event: 10_050).outcome == .accepted)
  }
}
