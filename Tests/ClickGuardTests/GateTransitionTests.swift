// What the dispatcher tells gate observers: accepted, finished, expired and
// dropped, each with its instant, the gate's interval and when the state it
// enters ends, on the manual clock.

import Testing

@testable import ClickGuard

@MainActor
struct GateTransitionTests {
  private func observed(_ h: Harness) -> Recorder<GateTransition> {
    let recorder = Recorder<GateTransition>()
    h.dispatcher.addGateObserver { recorder.append($0) }
    return recorder
  }

  @Test func acceptedThenDroppedThenFinished() throws {
    let h = Harness()
    let seen = observed(h)
    let first = h.click()
    h.at(100)
    h.click()
    h.at(300)
    #expect(h.finish(first))
    let key = GateKey.control(ControlID(1), .clicked)
    #expect(seen.values.map(\.kind) == [.accepted, .dropped, .finished])
    #expect(seen.values.allSatisfy { $0.gate == key && $0.control == ControlID(1) })
    #expect(seen.values.map(\.instant) == [.ms(0), .ms(100), .ms(300)])
    #expect(seen.values.map(\.interval) == [.ms(500), .ms(500), .ms(500)])
    // Busy until the maximum busy time at most; the window ends 500 ms after
    // the finish.
    #expect(seen.values[0].until == ClickInstant.ms(0) + GuardConfiguration().maxBusy.duration)
    #expect(seen.values[1].until == nil)
    #expect(seen.values[2].until == .ms(800))
  }

  @Test func aStaleFinishAndAPassAreNotTransitions() {
    let h = Harness()
    let seen = observed(h)
    let first = h.click()
    #expect(h.finish(first))
    #expect(!h.finish(first))
    h.click(source: .programmatic)
    #expect(seen.values.map(\.kind) == [.accepted, .finished])
  }

  @Test func anActionPastTheMaximumBusyTimeExpiresAtItsDeadline() {
    let h = Harness()
    let settings = ControlSettings(maxBusy: .ms(1000))
    let seen = observed(h)
    h.click(settings: settings)
    h.at(1500)
    #expect(h.click(settings: settings).outcome == .accepted)
    #expect(seen.values.map(\.kind) == [.accepted, .expired, .accepted])
    let expired = seen.values[1]
    #expect(expired.instant == .ms(1000))
    #expect(expired.until == .ms(1000))
    #expect(expired.control == ControlID(1))
  }

  @Test func aGroupsFinishNamesTheControlThatRan() {
    let h = Harness()
    let group = ControlSettings(group: "nav")
    let seen = observed(h)
    let first = h.click(3, settings: group)
    h.at(50)
    h.click(4, settings: group)
    h.at(200)
    #expect(h.finish(first))
    #expect(seen.values.map(\.control) == [ControlID(3), ControlID(4), ControlID(3)])
    #expect(seen.values.map(\.gate) == Array(repeating: GateKey.group("nav"), count: 3))
  }

  @Test func aRetargetedFinishHasNoWindow() {
    let h = Harness()
    let seen = observed(h)
    let first = h.click()
    h.dispatcher.retarget(.control(ControlID(1), .clicked))
    h.at(200)
    #expect(h.finish(first))
    #expect(seen.values.last?.kind == .finished)
    #expect(seen.values.last?.interval == .zero)
    #expect(seen.values.last?.until == .ms(200))
  }

  @Test func aRemovedGateObserverHearsNothing() {
    let h = Harness()
    let recorder = Recorder<GateTransition>()
    let token = h.dispatcher.addGateObserver { recorder.append($0) }
    h.dispatcher.removeGateObserver(token)
    h.tap()
    #expect(recorder.values.isEmpty)
  }
}
