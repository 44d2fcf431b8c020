// Each guarding rule on its own, in virtual time (ManualClock): gate keys,
// global and per-control intervals, opt-out and the kind filter, leading edge
// only, the window measured from the finish, async busy and maxBusy, observe
// and off modes, activation sources, the event-time rule and 32-bit wrap.

import ClickGuardTestSupport
import Testing

@testable import ClickGuard

@MainActor
struct GateRulesTests {
  // MARK: Gate keys

  @Test func twoActionsOnOneControlAreTwoGates() {
    let h = Harness()
    let clicked = h.click(1, action: .clicked)
    let activate = h.click(1, action: "activate")
    #expect(clicked.outcome == .accepted)
    #expect(activate.outcome == .accepted)
    #expect(clicked.gate == .control(ControlID(1), .clicked))
    #expect(activate.gate == .control(ControlID(1), "activate"))
    #expect(h.dispatcher.liveGateCount == 2)
    // Each gate is busy with its own action.
    #expect(h.click(1, action: .clicked).outcome == .dropped(.busy))
    #expect(h.click(1, action: "activate").outcome == .dropped(.busy))
    #expect(h.dispatcher.counters(for: ControlID(1), action: .clicked)?.droppedBusy == 1)
    #expect(h.dispatcher.counters(for: ControlID(1), action: "activate")?.droppedBusy == 1)
  }

  @Test func oneActionOnTwoControlsIsTwoGates() {
    let h = Harness()
    #expect(h.tap(1) == .accepted)
    #expect(h.tap(2) == .accepted)
    h.at(100)
    #expect(h.tap(1) == .dropped(.withinInterval))
    #expect(h.tap(2) == .dropped(.withinInterval))
    #expect(h.dispatcher.liveGateCount == 2)
  }

  @Test func groupKeySharesOneGate() {
    let h = Harness()
    let shared = ControlSettings(group: "open-details")
    let toolbar = h.click(1, settings: shared)
    #expect(toolbar.outcome == .accepted)
    #expect(toolbar.gate == .group("open-details"))
    #expect(h.click(2, settings: shared).outcome == .dropped(.busy))
    h.at(200)
    #expect(h.finish(toolbar))
    h.at(300)
    // The menu item shares the toolbar button's gate, even for another action.
    #expect(h.click(2, action: "activate", settings: shared).outcome == .dropped(.withinInterval))
    // A control outside the group has its own gate.
    #expect(h.tap(3) == .accepted)
    h.at(700)
    #expect(h.tap(2, settings: shared) == .accepted)
    #expect(h.dispatcher.liveGateCount == 2)
    let counters = h.dispatcher.counters(forGroup: "open-details")
    #expect(counters?.accepted == 2)
    #expect(counters?.droppedBusy == 1)
    #expect(counters?.droppedWithinInterval == 1)
    #expect(h.dispatcher.counters(for: ControlID(1)) == nil)
    #expect(h.dispatcher.counters(forGroup: "other") == nil)
  }

  // MARK: Intervals

  @Test func globalDefaultIntervalIs500Milliseconds() {
    let h = Harness()
    #expect(h.tap() == .accepted)
    h.at(nanoseconds: 500_000_000 - 1)
    #expect(h.tap() == .dropped(.withinInterval))
    h.at(500)
    #expect(h.tap() == .accepted)
  }

  @Test func globalIntervalCanBeChanged() throws {
    var configuration = GuardConfiguration()
    try configuration.setInterval(.ms(200))
    let h = Harness(configuration)
    #expect(h.tap() == .accepted)
    h.at(199)
    #expect(h.tap() == .dropped(.withinInterval))
    h.at(200)
    #expect(h.tap() == .accepted)
    // A change at run time applies from the next acceptance on.
    try h.dispatcher.configuration.setInterval(.ms(1000))
    h.at(399)
    #expect(h.tap() == .dropped(.withinInterval))
    h.at(400)
    #expect(h.tap() == .accepted)
    h.at(1399)
    #expect(h.tap() == .dropped(.withinInterval))
    h.at(1400)
    #expect(h.tap() == .accepted)
  }

  @Test func perControlIntervalOverridesGlobal() {
    let h = Harness()
    let slow = ControlSettings(interval: .ms(1200))
    let fast = ControlSettings(interval: .ms(100))
    #expect(h.tap(1, settings: slow) == .accepted)
    #expect(h.tap(2, settings: fast) == .accepted)
    #expect(h.tap(3) == .accepted)
    h.at(100)
    #expect(h.tap(1, settings: slow) == .dropped(.withinInterval))
    #expect(h.tap(2, settings: fast) == .accepted)
    #expect(h.tap(3) == .dropped(.withinInterval))
    h.at(500)
    #expect(h.tap(1, settings: slow) == .dropped(.withinInterval))
    #expect(h.tap(3) == .accepted)
    h.at(1199)
    #expect(h.tap(1, settings: slow) == .dropped(.withinInterval))
    h.at(1200)
    #expect(h.tap(1, settings: slow) == .accepted)
  }

  @Test func zeroIntervalLeavesOnlyTheBusyRule() {
    let h = Harness()
    let none = ControlSettings(interval: .zero)
    let first = h.click(settings: none)
    #expect(first.outcome == .accepted)
    #expect(h.click(settings: none).outcome == .dropped(.busy))
    h.at(50)
    #expect(h.finish(first))
    #expect(h.tap(settings: none) == .accepted)
    #expect(h.tap(settings: none) == .accepted)
  }

  // MARK: Opt-out and kinds

  @Test func exemptControlAlwaysRuns() {
    let h = Harness()
    let exempt = ControlSettings(policy: .exempt)
    for step in 0..<5 {
      h.at(Int64(step) * 10)
      let decision = h.click(settings: exempt, event: UInt32(1000 + step * 10))
      #expect(decision.outcome == .passed(.exempt))
      #expect(decision.runsAction)
      #expect(decision.gate == nil)
      #expect(decision.ticket == nil)
    }
    #expect(h.dispatcher.liveGateCount == 0)
    #expect(h.dispatcher.totals.passed == 5)
    // Another control is still guarded.
    #expect(h.tap(2) == .accepted)
    #expect(h.tap(2) == .dropped(.withinInterval))
  }

  @Test(arguments: [ControlKind.toggle, .switch])
  func toggleAndSwitchSkippedByDefault(kind: ControlKind) {
    let h = Harness()
    for _ in 0..<3 {
      let decision = h.click(kind: kind)
      #expect(decision.outcome == .passed(.kindSkipped))
      #expect(decision.gate == nil)
    }
    #expect(h.dispatcher.liveGateCount == 0)
    #expect(h.click(2, kind: .button).outcome == .accepted)
  }

  @Test func skippedKindsConfigurableGlobally() {
    var configuration = GuardConfiguration()
    configuration.skippedKinds = []
    let h = Harness(configuration)
    #expect(h.click(1, kind: .switch).outcome == .accepted)
    #expect(h.click(1, kind: .switch).outcome == .dropped(.busy))
    #expect(h.click(2, kind: .toggle).outcome == .accepted)

    h.dispatcher.configuration.skippedKinds = [.button]
    #expect(h.click(3, kind: .button).outcome == .passed(.kindSkipped))
    #expect(h.click(3, kind: .button).outcome == .passed(.kindSkipped))
    #expect(h.click(2, kind: .toggle).outcome == .dropped(.busy))
  }

  @Test(arguments: [ControlKind.toggle, .switch])
  func guardedPolicyOptsInASkippedKind(kind: ControlKind) {
    let h = Harness()
    let guarded = ControlSettings(policy: .guarded)
    #expect(h.tap(kind: kind, settings: guarded) == .accepted)
    h.at(100)
    #expect(h.tap(kind: kind, settings: guarded) == .dropped(.withinInterval))
    // The same kind without the opt-in is still skipped.
    #expect(h.click(2, kind: kind).outcome == .passed(.kindSkipped))
  }

  @Test func guardedPolicyOverridesGlobalSkipOfButtons() {
    var configuration = GuardConfiguration()
    configuration.skippedKinds = [.button, .toggle, .switch]
    let h = Harness(configuration)
    #expect(h.click(settings: ControlSettings(policy: .guarded)).outcome == .accepted)
    #expect(h.click(settings: ControlSettings(policy: .guarded)).outcome == .dropped(.busy))
    #expect(h.click(2).outcome == .passed(.kindSkipped))
  }

  // MARK: Leading edge

  @Test func leadingEdgeOnlyAndNothingReplayed() {
    let h = Harness()
    let seen = Recorder<ClickOutcome>()
    h.dispatcher.addObserver { seen.append($0.outcome) }
    var runs = 0
    let activation = h.activation()
    for step in 0..<5 {
      h.at(Int64(step) * 100)
      h.dispatcher.run(activation) { runs += 1 }
    }
    #expect(runs == 1)
    #expect(seen.values == [.accepted] + Array(repeating: .dropped(.withinInterval), count: 4))
    // Long after the window nothing happens by itself: no trailing run.
    h.at(5000)
    #expect(runs == 1)
    #expect(seen.values.count == 5)
    #expect(h.dispatcher.run(activation) { runs += 1 } != nil)
    #expect(runs == 2)
  }

  // MARK: Window from the finish

  @Test func windowIsMeasuredFromTheFinish() {
    let h = Harness()
    let activation = h.activation()
    var runs = 0
    // The handler lasts 2 s; the clicks made meanwhile are processed after it.
    h.dispatcher.run(activation) {
      runs += 1
      h.advance(2000)
    }
    #expect(h.nowNanoseconds == 2_000_000_000)
    for _ in 0..<3 {
      #expect(h.dispatcher.begin(activation).outcome == .dropped(.withinInterval))
    }
    h.at(2499)
    #expect(h.dispatcher.run(activation) { runs += 1 } == nil)
    h.at(2500)
    #expect(h.dispatcher.run(activation) { runs += 1 } != nil)
    #expect(runs == 2)
  }

  @Test func clickDuringSyncHandlerIsBusy() {
    let h = Harness()
    let activation = h.activation()
    let inner = Recorder<ClickOutcome>()
    h.dispatcher.run(activation) {
      h.advance(100)
      inner.append(h.dispatcher.begin(activation).outcome)
    }
    #expect(inner.values == [.dropped(.busy)])
  }

  // MARK: Async and maxBusy

  @Test func asyncGateClosedUntilFinish() {
    let h = Harness()
    let start = h.click()
    #expect(start.outcome == .accepted)
    #expect(start.ticket != nil)
    h.at(3000)
    #expect(h.click().outcome == .dropped(.busy))
    #expect(!h.dispatcher.isOpen(.control(ControlID(1), .clicked)))
    h.at(6000)
    #expect(h.finish(start))
    #expect(h.click().outcome == .dropped(.withinInterval))
    h.at(6499)
    #expect(h.click().outcome == .dropped(.withinInterval))
    h.at(6500)
    #expect(h.dispatcher.isOpen(.control(ControlID(1), .clicked)))
    #expect(h.click().outcome == .accepted)
  }

  @Test func maxBusyReopensTheGateWithoutInterval() {
    let h = Harness()
    let lost = h.click()
    h.at(9999)
    #expect(h.click().outcome == .dropped(.busy))
    #expect(h.dispatcher.totals.busyExpired == 0)
    h.at(10_000)
    let next = h.click()
    #expect(next.outcome == .accepted)
    #expect(h.dispatcher.counters(for: ControlID(1))?.busyExpired == 1)
    #expect(h.dispatcher.totals.busyExpired == 1)
    // The lost action's late finish is ignored: the new action holds the gate.
    h.at(10_100)
    #expect(!h.finish(lost))
    #expect(h.click().outcome == .dropped(.busy))
    #expect(h.finish(next))
    #expect(h.dispatcher.totals.busyExpired == 1)
  }

  @Test func finishAtTheLimitStillStartsTheWindowWhenNothingJudgedInBetween() {
    let h = Harness()
    let settings = ControlSettings(maxBusy: .ms(2000))
    let slow = h.click(settings: settings)
    h.at(2000)
    #expect(h.finish(slow))
    #expect(h.click(settings: settings).outcome == .dropped(.withinInterval))
    h.at(2500)
    #expect(h.click(settings: settings).outcome == .accepted)
    #expect(h.dispatcher.totals.busyExpired == 0)
  }

  @Test func finishAfterAJudgementSawTheLimitIsIgnored() {
    let h = Harness()
    let slow = h.click(event: 1000)
    h.at(12_000)
    // Made 10.5 s after the accepted click: judged, the limit has passed.
    #expect(h.click(event: 11_500).outcome == .accepted)
    #expect(h.dispatcher.totals.busyExpired == 1)
    h.at(12_100)
    #expect(!h.finish(slow))
  }

  @Test func eachExpiredActionIsCountedOnce() {
    let h = Harness()
    let settings = ControlSettings(maxBusy: .ms(1000))
    h.click(settings: settings)
    h.at(1000)
    // Expired on the way, then accepted: counted once.
    let second = h.click(settings: settings)
    #expect(second.outcome == .accepted)
    h.at(3000)
    let third = h.click(settings: settings)
    #expect(third.outcome == .accepted)
    #expect(h.click(settings: settings).outcome == .dropped(.busy))
    #expect(h.dispatcher.totals.busyExpired == 2)
    #expect(h.dispatcher.counters(for: ControlID(1))?.busyExpired == 2)
  }

  @Test func perControlMaxBusyOverridesGlobal() {
    let h = Harness()
    let settings = ControlSettings(maxBusy: .ms(2000))
    h.click(settings: settings)
    h.click(2)
    h.at(1999)
    #expect(h.click(settings: settings).outcome == .dropped(.busy))
    h.at(2000)
    #expect(h.click(settings: settings).outcome == .accepted)
    #expect(h.click(2).outcome == .dropped(.busy))
  }

  @Test func maxBusyIsNeverShorterThanTheInterval() {
    let h = Harness()
    let settings = ControlSettings(interval: .ms(800), maxBusy: .ms(100))
    h.click(settings: settings)
    h.at(799)
    #expect(h.click(settings: settings).outcome == .dropped(.busy))
    h.at(800)
    #expect(h.click(settings: settings).outcome == .accepted)
    #expect(h.dispatcher.totals.busyExpired == 1)
  }

  @Test func syncHandlerOutlastingMaxBusyKeepsItsWindow() {
    let h = Harness()
    let settings = ControlSettings(interval: .ms(500), maxBusy: .ms(500))
    h.dispatcher.run(h.activation(settings: settings, event: 10_000)) { h.advance(1500) }
    // Made at 600 ms while the handler ran, processed when it returned.
    #expect(h.click(settings: settings, event: 10_600).outcome == .dropped(.withinInterval))
    #expect(h.dispatcher.totals.busyExpired == 0)
  }

  @Test func staleFinishIsIgnored() {
    let h = Harness()
    let first = h.click()
    h.at(100)
    #expect(h.finish(first))
    h.at(400)
    #expect(!h.finish(first))
    // The window still runs from 100 ms, not from the repeated finish.
    h.at(599)
    #expect(h.click().outcome == .dropped(.withinInterval))
    h.at(600)
    let second = h.click()
    #expect(second.outcome == .accepted)
    // A ticket from the first acceptance cannot finish the second.
    h.at(700)
    #expect(!h.finish(first))
    #expect(h.click().outcome == .dropped(.busy))
    #expect(h.finish(second))
  }

  // MARK: Modes

  @Test func observeModeRunsEverythingAndCountsWouldDrop() {
    var configuration = GuardConfiguration()
    configuration.mode = .observe
    let h = Harness(configuration)
    let first = h.click(event: 1000)
    #expect(first.outcome == .accepted)
    let busy = h.click(event: 1010)
    #expect(busy.outcome == .wouldDrop(.busy))
    #expect(busy.runsAction)
    #expect(busy.ticket == nil)
    h.at(100)
    #expect(h.finish(first))
    #expect(h.click(event: 1100).outcome == .wouldDrop(.withinInterval))
    h.at(700)
    #expect(h.click(event: 1200).outcome == .wouldDrop(.eventTime))
    // Would-drops leave the gate alone: it reopens 500 ms after the finish.
    #expect(h.tap(event: 1700) == .accepted)

    var runs = 0
    #expect(h.dispatcher.run(h.activation()) { runs += 1 } != nil)
    #expect(runs == 1)

    let counters = h.dispatcher.counters(for: ControlID(1))
    #expect(counters?.accepted == 2)
    #expect(counters?.wouldDrop == 4)
    #expect(counters?.dropped == 0)
    #expect(h.dispatcher.totals.wouldDrop == 4)
    #expect(h.dispatcher.totals.dropped == 0)
  }

  @Test func offModePassesEverything() {
    var configuration = GuardConfiguration()
    configuration.mode = .off
    let h = Harness(configuration)
    let activations = [
      h.activation(1), h.activation(1), h.activation(2, kind: .switch),
      h.activation(3, settings: ControlSettings(policy: .guarded)),
      h.activation(4, source: .programmatic), h.activation(1, event: 5),
    ]
    for activation in activations {
      let decision = h.dispatcher.begin(activation)
      #expect(decision.outcome == .passed(.guardOff))
      #expect(decision.gate == nil)
    }
    #expect(h.dispatcher.liveGateCount == 0)
    #expect(h.dispatcher.totals.passed == activations.count)
    h.dispatcher.configuration.mode = .enforce
    #expect(h.click(1).outcome == .accepted)
    #expect(h.click(1).outcome == .dropped(.busy))
  }

  @Test func aControlsOwnModeOverridesTheGlobalMode() {
    let h = Harness()
    let observed = ControlSettings(mode: .observe)
    let off = ControlSettings(mode: .off)
    #expect(h.click(1, settings: observed).outcome == .accepted)
    let repeated = h.click(1, settings: observed)
    #expect(repeated.outcome == .wouldDrop(.busy))
    #expect(repeated.runsAction)
    #expect(h.click(2, settings: off).outcome == .passed(.guardOff))
    #expect(h.click(2, settings: off).outcome == .passed(.guardOff))
    // The others still follow the global mode, enforce.
    #expect(h.click(3).outcome == .accepted)
    #expect(h.click(3).outcome == .dropped(.busy))
  }

  @Test func aControlCanBeEnforcedWhileTheRestAreObservedOrOff() {
    for globalMode in [GuardMode.observe, .off] {
      var configuration = GuardConfiguration()
      configuration.mode = globalMode
      let h = Harness(configuration)
      let enforced = ControlSettings(mode: .enforce)
      #expect(h.click(1, settings: enforced).outcome == .accepted)
      #expect(h.click(1, settings: enforced).outcome == .dropped(.busy))
      #expect(h.click(2).runsAction)
      #expect(h.click(2).runsAction)
    }
  }

  // MARK: Sources

  @Test func programmaticActivationNotGuardedByDefault() {
    let h = Harness()
    #expect(h.click(1).outcome == .accepted)
    for _ in 0..<3 {
      let decision = h.click(1, source: .programmatic)
      #expect(decision.outcome == .passed(.programmatic))
      #expect(decision.gate == nil)
    }
    #expect(h.click(2, source: .programmatic).outcome == .passed(.programmatic))
    #expect(h.dispatcher.liveGateCount == 1)
    #expect(h.dispatcher.counters(for: ControlID(1))?.passed == 0)
    #expect(h.dispatcher.totals.passed == 4)
  }

  @Test func programmaticActivationGuardedWhenConfigured() {
    var configuration = GuardConfiguration()
    configuration.guardsProgrammatic = true
    let h = Harness(configuration)
    #expect(h.tap(1, event: nil) == .accepted)
    #expect(h.click(1, source: .programmatic).outcome == .dropped(.withinInterval))
    let code = h.click(2, source: .programmatic)
    #expect(code.outcome == .accepted)
    #expect(h.click(2).outcome == .dropped(.busy))
  }

  @Test(arguments: [false, true])
  func nestedActivationAlwaysPasses(guardsProgrammatic: Bool) {
    var configuration = GuardConfiguration()
    configuration.guardsProgrammatic = guardsProgrammatic
    let h = Harness(configuration)
    #expect(h.click(1).outcome == .accepted)
    #expect(h.click(1, source: .nested).outcome == .passed(.nested))
    #expect(h.click(1, source: .nested).outcome == .passed(.nested))
    let guarded = ControlSettings(policy: .guarded)
    #expect(h.click(2, kind: .toggle, settings: guarded, source: .nested).outcome == .passed(.nested))
    #expect(h.dispatcher.liveGateCount == 1)
  }

  /// A held key's auto-repeat on a shortcut is a deliberate repeat: it
  /// passes, while a separate press of the same shortcut is judged.
  @Test func keyRepeatPassesAndLeavesTheGateAlone() {
    let h = Harness()
    let first = h.click(1, event: 1000)
    #expect(first.outcome == .accepted)
    h.finish(first)
    #expect(h.click(1, event: 1030, source: .keyRepeat).outcome == .passed(.keyRepeat))
    #expect(h.click(1, event: 1060, source: .keyRepeat).outcome == .passed(.keyRepeat))
    #expect(h.click(1, event: 1100).outcome == .dropped(.withinInterval))
    #expect(h.dispatcher.counters(for: ControlID(1))?.accepted == 1)
  }

  // MARK: Drops never extend the window

  @Test func continuousTappingDoesNotKeepTheControlDead() {
    let h = Harness()
    var accepted: [Int64] = []
    for step in 0...30 {
      let t = Int64(step) * 100
      h.at(t)
      if h.tap() == .accepted { accepted.append(t) }
    }
    #expect(accepted == [0, 500, 1000, 1500, 2000, 2500, 3000])
  }

  @Test func continuousTappingWithEventTimesAndASlowHandler() {
    let h = Harness()
    let activation = { (event: UInt32) in h.activation(event: event) }
    var accepted: [Int64] = []
    for step in 0...20 {
      let t = Int64(step) * 100
      // Taps made while a handler runs are processed when it returns, with
      // their own event time.
      h.at(nanoseconds: max(t * 1_000_000, h.nowNanoseconds))
      // Each accepted action runs 200 ms.
      let ran: Void? = h.dispatcher.run(activation(UInt32(50_000 + t))) { h.advance(200) }
      if ran != nil { accepted.append(t) }
    }
    // Accepted at 0, finished at 200, window to 700; and so on.
    #expect(accepted == [0, 700, 1400])
  }

  // MARK: Event time

  @Test func clickMadeInsideWindowButProcessedLateIsDropped() {
    let h = Harness()
    #expect(h.tap(event: 10_000) == .accepted)
    h.at(700)
    #expect(h.tap(event: 10_100) == .dropped(.eventTime))
    h.at(800)
    #expect(h.tap(event: 10_499) == .dropped(.eventTime))
    h.at(900)
    #expect(h.tap(event: 10_500) == .accepted)
  }

  @Test func eventWindowCoversTheHandlerDurationPlusInterval() {
    let h = Harness()
    let first = h.click(event: 10_000)
    h.at(300)
    #expect(h.finish(first))
    h.at(2000)
    #expect(h.click(event: 10_799).outcome == .dropped(.eventTime))
    #expect(h.click(event: 10_800).outcome == .accepted)
  }

  @Test func eventWindowRoundsEachPartUpToWholeMilliseconds() {
    let h = Harness()
    let settings = ControlSettings(interval: .ns(500_300_000))
    let first = h.click(settings: settings, event: 10_000)
    h.at(nanoseconds: 300_200_000)
    #expect(h.finish(first))
    h.at(2000)
    // 300.2 ms → 301, 500.3 ms → 501: the window ends 802 ms after.
    #expect(h.click(settings: settings, event: 10_801).outcome == .dropped(.eventTime))
    #expect(h.click(settings: settings, event: 10_802).outcome == .accepted)
  }

  @Test func eventTimeRuleNeedsBothTimestamps() {
    let h = Harness()
    // Accepted without an event time: a later click is judged by processing
    // time alone.
    #expect(h.tap(1) == .accepted)
    h.at(500)
    #expect(h.tap(1, event: 10_001) == .accepted)
    // Accepted with one: a click without one is judged by processing time alone.
    h.at(1000)
    #expect(h.tap(2, event: 20_000) == .accepted)
    h.at(1499)
    #expect(h.tap(2) == .dropped(.withinInterval))
    h.at(1500)
    #expect(h.tap(2) == .accepted)
    // That acceptance had no event time, so the earlier stamp no longer counts.
    h.at(2000)
    #expect(h.tap(2, event: 20_010) == .accepted)
  }

  @Test func clickStampedBeforeTheAcceptedOneIsTheSameBurst() {
    let h = Harness()
    #expect(h.tap(event: 100_000) == .accepted)
    h.at(1000)
    #expect(h.tap(event: 99_990) == .dropped(.eventTime))
    #expect(h.tap(event: 40_001) == .dropped(.eventTime))
    // 60 s or more before: another clock epoch, ignored.
    #expect(h.tap(event: 40_000) == .accepted)
  }

  @Test func eventWindowAfterExpiredBusyIsTheBusyLimit() {
    let h = Harness()
    let settings = ControlSettings(maxBusy: .ms(2000))
    h.click(settings: settings, event: 10_000)
    h.at(2000)
    #expect(h.click(settings: settings, event: 11_999).outcome == .dropped(.eventTime))
    #expect(h.dispatcher.totals.busyExpired == 1)
    #expect(h.click(settings: settings, event: 12_000).outcome == .accepted)
    #expect(h.dispatcher.totals.busyExpired == 1)
  }

  @Test func eventWindowAfterExpiredBusyRoundsUp() {
    let h = Harness()
    let settings = ControlSettings(maxBusy: .ns(2_000_500_000))
    h.click(settings: settings, event: 10_000)
    h.at(3000)
    // Made 2000 ms after the accepted click: before the 2000.5 ms limit.
    #expect(h.click(settings: settings, event: 12_000).outcome == .dropped(.eventTime))
    #expect(h.click(settings: settings, event: 12_001).outcome == .accepted)
  }

  @Test func eventWindowAfterLateFinishCoversTheWholeAction() {
    let h = Harness()
    let settings = ControlSettings(maxBusy: .ms(2000))
    let slow = h.click(settings: settings, event: 10_000)
    h.at(2500)
    #expect(h.finish(slow))
    h.at(3100)
    // Duration 2500 ms + interval 500 ms by event time.
    #expect(h.click(settings: settings, event: 12_999).outcome == .dropped(.eventTime))
    #expect(h.click(settings: settings, event: 13_000).outcome == .accepted)
  }

  /// A click kept waiting by a 1.5 s stall is accepted when the loop wakes;
  /// the clicks made during the stall are drained slowly, after the
  /// processing-time window has passed. By the input clock they were all
  /// made before the action finished, so they stay dropped.
  @Test func clicksMadeDuringAStallStayDroppedWhenTheBacklogDrainsSlowly() {
    let h = Harness()
    // A prompt click elsewhere tells the dispatcher where the input clock is.
    h.tap(2, event: 10_000)
    h.at(1500)
    let first = h.click(event: 10_100)
    #expect(first.outcome == .accepted)
    h.advance(1)
    h.finish(first)
    h.at(2100)
    #expect(h.click(event: 11_000).outcome == .dropped(.eventTime))
    #expect(h.click(event: 11_300).outcome == .dropped(.eventTime))
    // Made after the result showed, plus the interval: acts.
    h.at(2200)
    #expect(h.click(event: 12_100).outcome == .accepted)
  }

  // MARK: Held keys

  /// Five presses 600 ms apart, each acted on by GTK 250 ms into the press
  /// (its activate timeout) and handled in 5 ms, the input clock seeing each
  /// press as it happens; stamped with the moment GTK acted plus the press
  /// time, or (`stampedWithPress`) with the press time alone.
  /// - Returns: how many were accepted.
  private func presses600Apart(stampedWithPress: Bool) -> Int {
    let h = Harness()
    var accepted = 0
    for index in 0..<5 {
      let press = Int64(index) * 600
      h.at(press)
      h.dispatcher.observeInput(EventTimestamp(milliseconds: UInt32(10_000 + press)), at: h.dispatcher.clock.now)
      h.at(press + 250)
      let pressTime = UInt32(10_000 + press)
      let decision =
        stampedWithPress
        ? h.click(event: pressTime) : h.click(event: pressTime + 250, press: pressTime)
      h.advance(5)
      if decision.outcome == .accepted {
        accepted += 1
        h.finish(decision)
      }
    }
    return accepted
  }

  /// GTK acts on a key 250 ms after it went down while it is held (or on
  /// its release): presses 600 ms apart, each held 350 ms, act every time,
  /// because the window runs from the event GTK acted on, not the press.
  @Test func deliberatePressesHeldBeforeGtkActsActEveryTime() {
    #expect(presses600Apart(stampedWithPress: false) == 5)
  }

  /// Measured from the press instead (the press as the activation's event
  /// time), the 250 ms hold counts as the action's and presses 600 ms apart
  /// are dropped: the rule above is what keeps them.
  @Test func thePressAsTheEventTimeWouldCountTheHold() {
    #expect(presses600Apart(stampedWithPress: true) < 5)
  }

  /// A key held 2 s: accepted when GTK first acts on it, then every
  /// auto-repeat (and the release) carries the first press's time and is
  /// dropped, however long after the window they come.
  @Test func aHeldKeyActsOnce() {
    let h = Harness()
    h.at(250)
    #expect(h.tap(event: 10_250, press: 10_000) == .accepted)
    for repeatAt in stride(from: Int64(660), through: 2000, by: 40) {
      h.at(repeatAt + 250)
      #expect(h.tap(event: UInt32(10_000 + repeatAt + 250), press: 10_000) == .dropped(.eventTime))
    }
    #expect(h.dispatcher.counters(for: ControlID(1))?.accepted == 1)
  }

  /// A key that acts on its press (Return in an entry): the accepted
  /// activation's event is the press itself, and the repeats still carry it.
  @Test func aHeldKeyThatActsOnItsPressActsOnce() {
    let h = Harness()
    #expect(h.tap(event: 10_000, press: 10_000) == .accepted)
    h.at(700)
    #expect(h.tap(event: 10_700, press: 10_000) == .dropped(.eventTime))
    // A new press after it: judged by the window alone.
    h.at(1200)
    #expect(h.tap(event: 11_200, press: 11_200) == .accepted)
  }

  /// Presses 80 ms apart, each released at once: one action.
  @Test func aFastBurstOfKeyPressesActsOnce() {
    let h = Harness()
    var outcomes: [ClickOutcome] = []
    for index in 0..<5 {
      let press = Int64(index) * 80
      h.at(press + 20)
      outcomes.append(h.tap(event: UInt32(10_000 + press + 20), press: UInt32(10_000 + press)))
    }
    #expect(outcomes.first == .accepted)
    #expect(outcomes.dropFirst().allSatisfy { $0 != .accepted })
  }

  /// The held-key rule's edge: a key down at the accepted activation's own
  /// time is held through it; a millisecond later it is a new press; one
  /// from another clock epoch (60 s or more before) is ignored.
  @Test func heldKeyRuleEdges() {
    let h = Harness()
    let zero = ControlSettings(interval: .ms(0))
    #expect(h.tap(settings: zero, event: 100_000, press: 99_750) == .accepted)
    h.at(10)
    #expect(h.tap(settings: zero, event: 100_300, press: 100_000) == .dropped(.eventTime))
    #expect(h.tap(settings: zero, event: 100_300, press: 40_001) == .dropped(.eventTime))
    #expect(h.tap(settings: zero, event: 100_300, press: 40_000) == .accepted)
    h.at(20)
    #expect(h.tap(settings: zero, event: 100_600, press: 100_301) == .accepted)
  }

  // MARK: 32-bit wrap

  @Test func eventTimestampArithmeticIsWrapSafe() {
    let late = EventTimestamp(milliseconds: .max - 9)
    let wrapped = late.adding(milliseconds: 42)
    #expect(wrapped.milliseconds == 32)
    #expect(wrapped.milliseconds(since: late) == 42)
    #expect(late.milliseconds(since: wrapped) == -42)
    #expect(late.isBefore(wrapped))
    #expect(!wrapped.isBefore(late))
    #expect(!late.isBefore(late))
    #expect(EventTimestamp(milliseconds: 0x10).milliseconds(since: EventTimestamp(milliseconds: 0xFFFF_FFF0)) == 32)
    #expect(EventTimestamp(milliseconds: 5).adding(milliseconds: -10).milliseconds == UInt32.max - 4)
    #expect(EventTimestamp(milliseconds: 5).adding(milliseconds: 1 << 32).milliseconds == 5)
    #expect(EventTimestamp(gdkTime: 0) == nil)
    #expect(EventTimestamp(gdkTime: 7)?.milliseconds == 7)
    #expect(EventTimestamp(milliseconds: 0x8000_0000).milliseconds(since: EventTimestamp(milliseconds: 0)) == .min)
    #expect(EventTimestamp(milliseconds: 0x7FFF_FFFF).milliseconds(since: EventTimestamp(milliseconds: 0)) == .max)
  }

  @Test(arguments: [UInt32.max - 300, UInt32.max - 100, UInt32.max, 0, 200])
  func eventTimeRuleAcrossTheWrap(base: UInt32) {
    let h = Harness()
    let at = { (offset: Int64) in EventTimestamp(milliseconds: base).adding(milliseconds: offset).milliseconds }
    #expect(h.tap(event: at(0)) == .accepted)
    h.at(700)
    #expect(h.tap(event: at(100)) == .dropped(.eventTime))
    #expect(h.tap(event: at(499)) == .dropped(.eventTime))
    #expect(h.tap(event: at(-10)) == .dropped(.eventTime))
    #expect(h.tap(event: at(-60_000)) == .accepted)
    h.at(1400)
    #expect(h.tap(event: at(-59_990)) == .dropped(.eventTime))
    #expect(h.tap(event: at(-59_501)) == .dropped(.eventTime))
    #expect(h.tap(event: at(-59_500)) == .accepted)
  }

  // MARK: The gate itself

  @Test func gateStatesAndTickets() {
    var gate = ClickGate()
    var nextTicket: UInt64 = 0
    func judge(_ gate: inout ClickGate, at now: ClickInstant) -> (DropReason?, Bool) {
      nextTicket += 1
      let action = gate.activated(
        Activation(control: ControlID(1)), at: now, interval: .ms(500), maxBusy: .ms(1000), ticket: nextTicket)
      if case .drop(let reason, _) = action { return (reason, action.expired != nil) }
      return (nil, action.expired != nil)
    }
    func runningTicket(_ gate: ClickGate) -> UInt64? {
      if case .busy(let action) = gate.state { return action.ticket }
      return nil
    }
    #expect(runningTicket(gate) == nil)
    #expect(gate.isOpen(at: .ms(0)))
    #expect(judge(&gate, at: .ms(0)) == (nil, false))
    #expect(runningTicket(gate) == 1)
    #expect(gate.isBusy(at: .ms(999)))
    #expect(!gate.isBusy(at: .ms(1000)))
    #expect(!gate.isOpen(at: .ms(999)))
    #expect(gate.isOpen(at: .ms(1000)))
    #expect(gate.finished(ticket: 2, at: .ms(100), inputNow: nil) == nil)
    #expect(gate.finished(ticket: 1, at: .ms(100), inputNow: nil) == .init(control: ControlID(1), until: .ms(600)))
    #expect(!gate.isBusy(at: .ms(100)))
    #expect(!gate.isOpen(at: .ms(599)))
    #expect(gate.isOpen(at: .ms(600)))
    #expect(judge(&gate, at: .ms(599)) == (.withinInterval, false))
    #expect(runningTicket(gate) == nil)
    #expect(judge(&gate, at: .ms(600)) == (nil, false))
    #expect(runningTicket(gate) == 3)
    #expect(judge(&gate, at: .ms(1600)) == (nil, true))
    #expect(runningTicket(gate) == 4)
  }

  // MARK: Shortcuts

  /// Five presses `gapMs` apart from `source`, stamped and processed as
  /// made, each action done in 5 ms.
  /// - Returns: the outcomes.
  private func presses(gapMs: Int64, source: ActivationSource) -> [ClickOutcome] {
    let h = Harness()
    var outcomes: [ClickOutcome] = []
    for index in 0..<5 {
      h.at(Int64(index) * gapMs)
      let decision = h.click(event: UInt32(10_000 + Int64(index) * gapMs), source: source)
      outcomes.append(decision.outcome)
      h.advance(5)
      if decision.ticket != nil { h.finish(decision) }
    }
    return outcomes
  }

  /// Undo tapped five times 150 ms apart undoes five steps: a shortcut's
  /// window is its pace (120 ms), not the 500 ms a button keeps — which
  /// would let only two of the five act.
  @Test func aShortcutReTappedAtAPersonsPaceActsEveryTime() {
    #expect(presses(gapMs: 150, source: .shortcut).allSatisfy { $0 == .accepted })
    #expect(presses(gapMs: 150, source: .user).filter { $0 == .accepted }.count == 2)
  }

  /// Ctrl+N five times 80 ms apart opens one tab: each press follows the
  /// previous one, dropped or not, by less than the pace, although the
  /// third comes 160 ms after the accepted one, whose action took 5 ms.
  @Test func aShortcutBurstFasterThanThePaceActsOnce() {
    #expect(presses(gapMs: 80, source: .shortcut) == [.accepted] + Array(repeating: .dropped(.tooFast), count: 4))
  }

  /// Shortcuts pressed at a person's pace while the accepted one's action
  /// stalls the app for a second are that action's repeats (made before it
  /// finished, by event time); one pressed after it finished acts.
  @Test func shortcutsPressedDuringAStallActOnce() {
    let h = Harness()
    let first = h.click(event: 10_000, source: .shortcut)
    #expect(first.outcome == .accepted)
    h.at(1000)
    h.finish(first)
    for made in stride(from: 10_150, through: 10_900, by: 150) {
      h.advance(1)
      #expect(h.click(event: UInt32(made), source: .shortcut).outcome == .dropped(.eventTime))
    }
    h.at(1200)
    #expect(h.click(event: 11_200, source: .shortcut).outcome == .accepted)
  }

  /// A control's own interval is a shortcut's pace too.
  @Test func aControlsOwnIntervalIsItsShortcutsPace() throws {
    let h = Harness()
    let slow = ControlSettings(interval: try ClickInterval(milliseconds: 300))
    h.finish(h.click(settings: slow, event: 10_000, source: .shortcut))
    h.at(200)
    #expect(h.click(settings: slow, event: 10_200, source: .shortcut).outcome == .dropped(.tooFast))
  }

  // MARK: Retargeting

  /// A view's row at a path became another item 250 ms after the accepted
  /// activation of the old one finished: the window no longer applies,
  /// while without the retarget the new item's activation is dropped.
  @Test func aRetargetedGateActsForTheNewItem() {
    for retargeted in [false, true] {
      let h = Harness()
      h.tap(event: 10_000)
      h.at(250)
      if retargeted { h.dispatcher.retarget(.control(ControlID(1), .clicked)) }
      let outcome = h.tap(event: 10_250)
      #expect(outcome == (retargeted ? .accepted : .dropped(.withinInterval)))
    }
  }

  /// Clicks made while the accepted action stalled the app (by event time)
  /// stay that action's burst after a retarget: they were not aimed at the
  /// new item, which appeared only when the action finished.
  @Test func aRetargetKeepsTheStallsBurst() {
    let h = Harness()
    let first = h.click(event: 10_000)
    h.at(1000)
    h.finish(first)
    h.dispatcher.retarget(.control(ControlID(1), .clicked))
    h.advance(2)
    #expect(h.click(event: 10_300).outcome == .dropped(.eventTime))
    h.at(1050)
    #expect(h.click(event: 11_050).outcome == .accepted)
  }

  /// A running action keeps its gate busy through a retarget, and no
  /// window follows its finish (the app replaced its rows while handling
  /// the activation: a file manager showing the folder opened), while what
  /// was made before it finished is still its burst.
  @Test func aRetargetWhileBusyEndsTheWindowAtTheFinish() {
    for retargeted in [false, true] {
      let h = Harness()
      let first = h.click(event: 10_000)
      if retargeted { h.dispatcher.retarget(.control(ControlID(1), .clicked)) }
      h.at(10)
      #expect(h.click(event: 10_010).outcome == .dropped(.busy))
      h.at(100)
      h.finish(first)
      h.advance(1)
      #expect(h.click(event: 10_050).outcome == .dropped(retargeted ? .eventTime : .withinInterval))
      h.at(350)
      #expect(h.tap(event: 10_350) == (retargeted ? .accepted : .dropped(.withinInterval)))
    }
  }
}
