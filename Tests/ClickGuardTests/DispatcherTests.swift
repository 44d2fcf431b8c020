// ClickDispatcher's API around the rules: run/runAsync, decisions and
// tickets, counters per gate and in total, observers and the decisions()
// stream, forget(control:)/reset() and liveGateCount, one gate per control
// and action, isOpen.

import Testing

@testable import ClickGuard

private struct Failure: Error {}

@MainActor
struct DispatcherTests {
  // MARK: run and runAsync

  @Test func runReturnsTheResultAndSkipsADroppedBody() {
    let h = Harness()
    let activation = h.activation()
    var runs = 0
    let first = h.dispatcher.run(activation) { () -> Int in
      runs += 1
      return 42
    }
    #expect(first == 42)
    let second = h.dispatcher.run(activation) { () -> Int in
      runs += 1
      return 7
    }
    #expect(second == nil)
    #expect(runs == 1)
  }

  @Test func runFinishesTheGateWhenTheBodyThrows() {
    let h = Harness()
    let activation = h.activation()
    #expect(throws: Failure.self) {
      try h.dispatcher.run(activation) { () throws -> Int in
        h.advance(300)
        throw Failure()
      }
    }
    #expect(h.click().outcome == .dropped(.withinInterval))
    h.at(799)
    #expect(h.click().outcome == .dropped(.withinInterval))
    h.at(800)
    #expect(h.click().outcome == .accepted)
  }

  @Test func runAsyncKeepsTheGateBusyUntilTheBodyCompletes() async {
    let h = Harness()
    let started = Latch()
    let release = Latch()
    let activation = h.activation()
    let first = Task { @MainActor in
      await h.dispatcher.runAsync(activation) { () async -> Int in
        started.open()
        await release.wait()
        return 42
      }
    }
    await started.wait()
    h.at(3000)
    #expect(h.dispatcher.begin(activation).outcome == .dropped(.busy))
    var secondRan = false
    let second = await h.dispatcher.runAsync(activation) { () async -> Int in
      secondRan = true
      return 7
    }
    #expect(second == nil)
    #expect(!secondRan)
    h.at(4000)
    release.open()
    #expect(await first.value == 42)
    // The window runs from the completion at 4 s.
    h.at(4499)
    #expect(h.click().outcome == .dropped(.withinInterval))
    h.at(4500)
    #expect(h.click().outcome == .accepted)
  }

  @Test func runAsyncFinishesTheGateWhenTheBodyThrows() async {
    let h = Harness()
    let activation = h.activation()
    await #expect(throws: Failure.self) {
      try await h.dispatcher.runAsync(activation) { () async throws -> Int in
        h.advance(1000)
        throw Failure()
      }
    }
    #expect(h.click().outcome == .dropped(.withinInterval))
    h.at(1500)
    #expect(h.click().outcome == .accepted)
  }

  // MARK: Decisions and tickets

  @Test func decisionDescribesWhatWasJudged() {
    let h = Harness()
    h.at(250)
    let first = h.click(7, action: "open", event: 99)
    #expect(first.activation.control == ControlID(7))
    #expect(first.activation.action == "open")
    #expect(first.activation.eventTime == EventTimestamp(milliseconds: 99))
    #expect(first.gate == .control(ControlID(7), "open"))
    #expect(first.instant == .ms(250))
    #expect(first.ticket?.gate == first.gate)
    let dropped = h.click(7, action: "open")
    #expect(dropped.ticket == nil)
    #expect(dropped.gate == first.gate)
    #expect(!dropped.runsAction)
    h.finish(first)
    h.at(750)
    let second = h.click(7, action: "open")
    let firstGeneration = first.ticket?.number ?? 0
    let secondGeneration = second.ticket?.number ?? 0
    #expect(secondGeneration > firstGeneration)
  }

  @Test func finishingAnUnknownGateIsIgnored() {
    let h = Harness()
    let ticket = ClickTicket(gate: .control(ControlID(9), .clicked), number: 1)
    #expect(!h.dispatcher.finish(ticket))
    #expect(!h.dispatcher.finish(ClickTicket(gate: .group("none"), number: 1)))
    #expect(h.dispatcher.liveGateCount == 0)
  }

  // MARK: Counters

  @Test func countersPerGateAndTotals() {
    let h = Harness()
    let group = ControlSettings(maxBusy: .ms(1000), group: "nav")
    #expect(h.tap(1) == .accepted)
    h.at(100)
    #expect(h.tap(1) == .dropped(.withinInterval))
    #expect(h.click(1, source: .programmatic).outcome == .passed(.programmatic))
    #expect(h.click(1, action: "activate").outcome == .accepted)
    h.at(200)
    #expect(h.click(1, action: "activate").outcome == .dropped(.busy))
    #expect(h.tap(2, event: 1000) == .accepted)
    h.at(800)
    #expect(h.tap(2, event: 1100) == .dropped(.eventTime))
    #expect(h.click(3, settings: group).outcome == .accepted)
    h.at(1800)
    #expect(h.click(4, settings: group).outcome == .accepted)
    // A shortcut pressed again 80 ms after its previous press.
    let shortcut = h.click(5, event: 5000, source: .shortcut)
    _ = h.finish(shortcut)
    #expect(h.click(5, event: 5080, source: .shortcut).outcome == .dropped(.tooFast))

    let clicked = h.dispatcher.counters(for: ControlID(1))
    #expect(clicked?.accepted == 1)
    #expect(clicked?.droppedWithinInterval == 1)
    #expect(clicked?.passed == 0)
    #expect(clicked?.dropped == 1)
    let activate = h.dispatcher.counters(for: ControlID(1), action: "activate")
    #expect(activate?.accepted == 1)
    #expect(activate?.droppedBusy == 1)
    let second = h.dispatcher.counters(for: ControlID(2))
    #expect(second?.accepted == 1)
    #expect(second?.droppedEventTime == 1)
    #expect(second?.dropped(.eventTime) == 1)
    let nav = h.dispatcher.counters(forGroup: "nav")
    #expect(nav?.accepted == 2)
    #expect(nav?.busyExpired == 1)
    #expect(h.dispatcher.counters(for: ControlID(3)) == nil)

    var expected = DecisionCounters()
    expected.accepted = 6
    expected.droppedWithinInterval = 1
    expected.droppedBusy = 1
    expected.droppedEventTime = 1
    expected.droppedTooFast = 1
    expected.passed = 1
    expected.busyExpired = 1
    #expect(h.dispatcher.totals == expected)
    #expect(h.dispatcher.totals.dropped == 4)
    for reason in DropReason.allCases {
      #expect(h.dispatcher.totals.dropped(reason) == 1)
    }
  }

  // MARK: Observers

  @Test func observersSeeEveryDecisionUntilRemoved() {
    let h = Harness()
    let first = Recorder<ClickDecision>()
    let second = Recorder<ClickDecision>()
    let token = h.dispatcher.addObserver { first.append($0) }
    let other = h.dispatcher.addObserver { second.append($0) }
    #expect(token != other)
    h.tap()
    h.at(100)
    h.tap()
    h.click(2, kind: .switch)
    h.dispatcher.removeObserver(token)
    h.click(3)
    #expect(first.values.map(\.outcome) == [.accepted, .dropped(.withinInterval), .passed(.kindSkipped)])
    #expect(second.values.map(\.outcome) == [.accepted, .dropped(.withinInterval), .passed(.kindSkipped), .accepted])
    #expect(second.values.map(\.instant) == [.ms(0), .ms(100), .ms(100), .ms(100)])
    #expect(second.values.last?.activation.control == ControlID(3))
    h.dispatcher.removeObserver(other)
    h.click(4)
    #expect(second.values.count == 4)
  }

  @Test func observerIsCalledBeforeBeginReturns() {
    let h = Harness()
    let seen = Recorder<Int>()
    // Weak: the dispatcher keeps its observers (LeakSanitizer found the cycle).
    h.dispatcher.addObserver { [weak dispatcher = h.dispatcher] _ in seen.append(dispatcher?.totals.accepted ?? -1) }
    h.click()
    #expect(seen.values == [1])
  }

  @Test func decisionsStreamYieldsEveryLaterDecision() async {
    let h = Harness()
    h.tap(5)
    let stream = h.dispatcher.decisions()
    h.tap()
    h.tap()
    h.click(1, source: .programmatic)
    var outcomes: [ClickOutcome] = []
    for await decision in stream {
      outcomes.append(decision.outcome)
      if outcomes.count == 3 { break }
    }
    #expect(outcomes == [.accepted, .dropped(.withinInterval), .passed(.programmatic)])
  }

  @Test func twoDecisionStreamsEachSeeEverything() async {
    let h = Harness()
    let first = h.dispatcher.decisions()
    let second = h.dispatcher.decisions()
    h.tap(1)
    h.tap(2)
    var controls: [[ControlID]] = []
    for stream in [first, second] {
      var seen: [ControlID] = []
      for await decision in stream {
        seen.append(decision.activation.control)
        if seen.count == 2 { break }
      }
      controls.append(seen)
    }
    #expect(controls == [[ControlID(1), ControlID(2)], [ControlID(1), ControlID(2)]])
  }

  // MARK: Forgetting

  @Test func forgetDropsTheControlsGatesOnly() {
    let h = Harness()
    let group = ControlSettings(group: "nav")
    h.tap(1)
    h.tap(1, action: "activate")
    h.tap(2)
    h.tap(3, settings: group)
    #expect(h.dispatcher.liveGateCount == 4)
    h.dispatcher.forget(control: ControlID(1))
    #expect(h.dispatcher.liveGateCount == 2)
    #expect(h.dispatcher.counters(for: ControlID(1)) == nil)
    #expect(h.dispatcher.counters(for: ControlID(1), action: "activate") == nil)
    h.at(100)
    // A forgotten control starts clean, the others keep their state.
    #expect(h.tap(1) == .accepted)
    #expect(h.tap(2) == .dropped(.withinInterval))
    // A group gate is shared: forgetting one member leaves it.
    h.dispatcher.forget(control: ControlID(3))
    #expect(h.tap(3, settings: group) == .dropped(.withinInterval))
    #expect(h.dispatcher.liveGateCount == 3)
    // Forgetting an unknown control changes nothing.
    h.dispatcher.forget(control: ControlID(99))
    #expect(h.dispatcher.liveGateCount == 3)
    // Totals keep what was decided.
    #expect(h.dispatcher.totals.accepted == 5)
  }

  @Test func resetDropsEveryGateAndZeroesTotals() {
    let h = Harness()
    h.tap(1)
    h.tap(2, settings: ControlSettings(group: "nav"))
    h.tap(1)
    h.dispatcher.reset()
    #expect(h.dispatcher.liveGateCount == 0)
    #expect(h.dispatcher.totals == DecisionCounters())
    #expect(h.dispatcher.counters(forGroup: "nav") == nil)
    #expect(h.tap(1) == .accepted)
    #expect(h.tap(2, settings: ControlSettings(group: "nav")) == .accepted)
    #expect(h.dispatcher.totals.accepted == 2)
  }

  @Test func ticketOfAForgottenGateCannotFinishItsSuccessor() {
    let h = Harness()
    // An async navigation starts; its page and button are destroyed meanwhile.
    let navigation = h.click(1)
    h.dispatcher.forget(control: ControlID(1))
    // A new button at the reused address is clicked and starts its own action.
    h.at(100)
    let successor = h.click(1)
    #expect(successor.outcome == .accepted)
    // The old navigation completes: its ticket must not end the new action.
    h.at(200)
    #expect(!h.finish(navigation))
    #expect(h.click(1).outcome == .dropped(.busy))
    #expect(h.finish(successor))
  }

  @Test func ticketFromBeforeResetCannotFinishANewGate() {
    let h = Harness()
    let group = ControlSettings(group: "nav")
    let before = h.click(1, settings: group)
    h.dispatcher.reset()
    let after = h.click(2, settings: group)
    #expect(after.outcome == .accepted)
    #expect(!h.finish(before))
    #expect(h.click(2, settings: group).outcome == .dropped(.busy))
  }

  // MARK: One gate per key

  @Test func beginJudgesOnOneGatePerKey() {
    let h = Harness()
    #expect(h.dispatcher.begin(h.activation()).outcome == .accepted)
    #expect(h.dispatcher.begin(h.activation()).outcome == .dropped(.busy))
    #expect(h.click().outcome == .dropped(.busy))
    #expect(h.dispatcher.counters(for: ControlID(1))?.droppedBusy == 2)
    #expect(h.dispatcher.liveGateCount == 1)
  }

  @Test func eachActionOfAControlHasItsOwnGate() {
    let h = Harness()
    _ = h.dispatcher.begin(h.activation(1))
    // Control 1's `clicked` is busy; its other action and control 2 are not.
    #expect(h.dispatcher.begin(h.activation(1, action: "app.open")).outcome == .accepted)
    #expect(h.dispatcher.begin(h.activation(2)).outcome == .accepted)
    #expect(h.dispatcher.begin(h.activation(1)).outcome == .dropped(.busy))
    #expect(h.dispatcher.counters(for: ControlID(1), action: "app.open")?.accepted == 1)
    #expect(h.dispatcher.counters(for: ControlID(1))?.droppedBusy == 1)
    #expect(h.dispatcher.liveGateCount == 3)
  }

  @Test func aForgottenOrResetGateIsNotReused() {
    let h = Harness()
    _ = h.dispatcher.begin(h.activation())
    h.dispatcher.forget(control: ControlID(1))
    // The forgotten gate was busy: a new one judges.
    #expect(h.dispatcher.begin(h.activation()).outcome == .accepted)
    #expect(h.dispatcher.counters(for: ControlID(1))?.accepted == 1)
    #expect(h.dispatcher.liveGateCount == 1)
    h.dispatcher.reset()
    #expect(h.dispatcher.begin(h.activation()).outcome == .accepted)
    #expect(h.dispatcher.counters(for: ControlID(1))?.accepted == 1)
    #expect(h.dispatcher.liveGateCount == 1)
  }

  @Test func twoDispatchersShareNoGate() {
    let h = Harness()
    let other = Harness()
    _ = other.dispatcher.begin(other.activation())
    #expect(h.dispatcher.begin(h.activation()).outcome == .accepted)
    #expect(other.dispatcher.counters(for: ControlID(1))?.accepted == 1)
    #expect(h.dispatcher.counters(for: ControlID(1))?.accepted == 1)
  }

  // MARK: isOpen

  @Test func isOpenFollowsTheGate() {
    let h = Harness()
    let key = GateKey.control(ControlID(1), .clicked)
    #expect(h.dispatcher.isOpen(key))
    #expect(h.dispatcher.isOpen(.group("unknown")))
    let decision = h.click()
    #expect(!h.dispatcher.isOpen(key))
    h.at(100)
    h.finish(decision)
    #expect(!h.dispatcher.isOpen(key))
    h.at(600)
    #expect(h.dispatcher.isOpen(key))
    h.click(2, settings: ControlSettings(group: "nav"))
    #expect(!h.dispatcher.isOpen(.group("nav")))
    // Past the maximum busy time the gate counts as open again.
    h.at(10_600)
    #expect(h.dispatcher.isOpen(.group("nav")))
  }
}
