// SpillOverFence in virtual time: each rule that keeps presses made before a
// page settled off it, the burst that spills over from the previous page, and
// the limits that keep a page from being left dead.

import Testing

@testable import ClickGuard

struct SpillOverFenceTests {
  private func stamp(_ ms: UInt32) -> EventTimestamp { EventTimestamp(milliseconds: ms) }

  @Test func disarmedFencePassesEverything() {
    var fence = SpillOverFence()
    #expect(!fence.isArmed)
    let reason1 = fence.check(eventTime: stamp(5), at: .ms(0))
    #expect(reason1 == nil)
  }

  @Test func pressStampedBeforeThePageAppearedIsDropped() {
    var fence = SpillOverFence()
    fence.pageAppeared(serverTime: stamp(10_000), transitionRunning: false, at: .ms(0))
    // Queued behind a 1 s handler lag: made before the page was there.
    let reason2 = fence.check(eventTime: stamp(9_850), at: .ms(1))
    #expect(reason2 == .predatesPage)
  }

  @Test func pressesDuringTheTransitionAndTheSettleDelayAreDropped() {
    var fence = SpillOverFence(settle: .ms(300))
    fence.pageAppeared(serverTime: stamp(10_000), transitionRunning: true, at: .ms(0))
    let reason3 = fence.check(eventTime: stamp(10_100), at: .ms(100))
    #expect(reason3 == .transition)
    fence.transitionFinished(at: .ms(250))
    let reason4 = fence.check(eventTime: stamp(10_900), at: .ms(500))
    #expect(reason4 == .settling)
    // 300 ms after the transition, and a pause since the last press: acts.
    let reason5 = fence.check(eventTime: stamp(11_300), at: .ms(900))
    #expect(reason5 == nil)
    #expect(!fence.isArmed)
  }

  @Test func aBurstThatBeganBeforeThePageSettledKeepsBeingDropped() {
    var fence = SpillOverFence(settle: .ms(300))
    fence.pageAppeared(serverTime: stamp(10_000), transitionRunning: false, at: .ms(0))
    var event: UInt32 = 9_900
    var t: Int64 = 10
    // A person clicking every 150 ms for 3 s: every press is dropped.
    for _ in 0..<20 {
      let reason6 = fence.check(eventTime: stamp(event), at: .ms(t))
      #expect(reason6 != nil)
      event += 150
      t += 150
    }
    // The first press after a pause of the settle delay acts.
    let reason7 = fence.check(eventTime: stamp(event + 200), at: .ms(t + 200))
    #expect(reason7 == nil)
  }

  @Test func aPressMadeWithinTheSettleDelayIsDroppedByItsEventTimeEvenWhenProcessedLate() {
    var fence = SpillOverFence(settle: .ms(400))
    fence.pageAppeared(serverTime: stamp(10_000), transitionRunning: false, at: .ms(0))
    // Made 350 ms after the page appeared, processed after a 1 s stall.
    let reason = fence.check(eventTime: stamp(10_350), at: .ms(1_350))
    #expect(reason == .settling)
    // Made after a pause of the settle delay: acts, whenever processed.
    let later = fence.check(eventTime: stamp(10_800), at: .ms(1_400))
    #expect(later == nil)
  }

  /// Wayland: no input clock reading when the page appeared, learnt from
  /// the first event; a press made 350 ms after the appearance and processed
  /// after a 1 s stall is then dropped as if the time had been known.
  @Test func anAppearanceTimeLearntLaterAppliesTheEventTimeRules() {
    var unknown = SpillOverFence(settle: .ms(400))
    unknown.pageAppeared(serverTime: nil, transitionRunning: false, at: .ms(0))
    #expect(!unknown.knowsAppearanceTime)
    var learnt = unknown
    #expect(unknown.check(eventTime: stamp(10_350), at: .ms(1_350)) == nil, "processing time alone lets it by")
    learnt.learnAppearanceTime(stamp(10_000))
    #expect(learnt.knowsAppearanceTime)
    #expect(learnt.check(eventTime: stamp(10_350), at: .ms(1_350)) == .settling)
    #expect(learnt.check(eventTime: stamp(9_900), at: .ms(1_360)) == .predatesPage)
    #expect(learnt.check(eventTime: stamp(10_800), at: .ms(1_400)) == nil)
    // After a transition: the settle delay ends as long after the
    // appearance on the input clock as on the processing clock.
    var sliding = SpillOverFence(settle: .ms(400))
    sliding.pageAppeared(serverTime: nil, transitionRunning: true, at: .ms(0))
    sliding.transitionFinished(at: .ms(250))
    sliding.learnAppearanceTime(stamp(10_000))
    #expect(sliding.check(eventTime: stamp(10_600), at: .ms(2_000)) == .settling)
    #expect(sliding.check(eventTime: stamp(11_100), at: .ms(2_100)) == nil)
    // Learnt once: a second reading changes nothing.
    var once = SpillOverFence(settle: .ms(400))
    once.pageAppeared(serverTime: stamp(10_000), transitionRunning: false, at: .ms(0))
    once.learnAppearanceTime(stamp(20_000))
    #expect(once.check(eventTime: stamp(10_500), at: .ms(1_000)) == nil)
  }

  @Test func theSettleDelayAfterATransitionIsMeasuredOnTheInputClockWhenKnown() {
    var fence = SpillOverFence(settle: .ms(400))
    fence.pageAppeared(serverTime: stamp(10_000), transitionRunning: true, at: .ms(0))
    fence.transitionFinished(at: .ms(250), serverTime: stamp(10_250))
    let reason = fence.check(eventTime: stamp(10_600), at: .ms(900))
    #expect(reason == .settling)
    let later = fence.check(eventTime: stamp(11_100), at: .ms(1_400))
    #expect(later == nil)
  }

  @Test func withoutEventTimesTheBurstIsMeasuredByProcessingTime() {
    var fence = SpillOverFence(settle: .ms(300))
    fence.pageAppeared(serverTime: nil, transitionRunning: false, at: .ms(0))
    let reason8 = fence.check(eventTime: nil, at: .ms(200))
    #expect(reason8 == .settling)
    let reason9 = fence.check(eventTime: nil, at: .ms(450))
    #expect(reason9 == .continuingBurst)
    let reason10 = fence.check(eventTime: nil, at: .ms(800))
    #expect(reason10 == nil)
  }

  @Test func aTransitionThatNeverEndsCountsAsFinishedAfterTheLimit() {
    var fence = SpillOverFence(settle: .ms(300), maxTransition: .ms(2000))
    fence.pageAppeared(serverTime: nil, transitionRunning: true, at: .ms(0))
    let reason11 = fence.check(eventTime: nil, at: .ms(1999))
    #expect(reason11 == .transition)
    // Finished at 2000 by the limit, settled at 2300, and 300 ms since the drop.
    let reason12 = fence.check(eventTime: nil, at: .ms(2400))
    #expect(reason12 == nil)
  }

  @Test func stampsAreComparedWrapSafely() {
    var fence = SpillOverFence()
    fence.pageAppeared(serverTime: stamp(20), transitionRunning: false, at: .ms(0))
    // 40 ms before the wrap is before the page appeared.
    let reason13 = fence.check(eventTime: stamp(UInt32.max - 20), at: .ms(1))
    #expect(reason13 == .predatesPage)
  }

  @Test func aNewPageRearmsTheFence() {
    var fence = SpillOverFence(settle: .ms(300))
    fence.pageAppeared(serverTime: stamp(1000), transitionRunning: false, at: .ms(0))
    let reason14 = fence.check(eventTime: stamp(1500), at: .ms(500))
    #expect(reason14 == nil)
    fence.pageAppeared(serverTime: stamp(2000), transitionRunning: false, at: .ms(1000))
    let reason15 = fence.check(eventTime: stamp(1990), at: .ms(1001))
    #expect(reason15 == .predatesPage)
    fence.disarm()
    let reason16 = fence.check(eventTime: stamp(1995), at: .ms(1002))
    #expect(reason16 == nil)
  }
}

struct NavigationHistoryTests {
  @Test func pushPopReplaceAndPopToRoot() throws {
    var history = NavigationHistory(root: "home")
    for page in ["details", "settings", "about"] { history.register(page) }
    let verdict17 = try history.push("details").get()
    #expect(verdict17 == NavigationChange(move: .push, from: "home", to: "details", depth: 2))
    let verdict18 = try history.replace(with: "settings").get()
    #expect(verdict18.to == "settings")
    #expect(history.stack == ["home", "settings"])
    let verdict19 = try history.push("about").get()
    #expect(verdict19.depth == 3)
    let verdict20 = try history.pop().get()
    #expect(verdict20.to == "settings")
    let verdict21 = try history.popToRoot().get()
    #expect(verdict21 == NavigationChange(move: .popToRoot, from: "settings", to: "home", depth: 1))
    #expect(history.moves == [.push: 2, .replace: 1, .pop: 1, .popToRoot: 1])
  }

  @Test func aRepeatedPushIsANoOpThatIsCounted() {
    var history = NavigationHistory(root: "home")
    history.register("details")
    _ = history.push("details")
    let verdict22 = history.push("details")
    #expect(verdict22 == .failure(.alreadyOnTop("details")))
    #expect(history.stack == ["home", "details"])
    #expect(history.rejections["already-on-top"] == 1)
  }

  @Test func aPushDuringATransitionIsANoOp() {
    var history = NavigationHistory(root: "home")
    history.register("details")
    let verdict23 = history.push("details", transitionRunning: true)
    #expect(verdict23 == .failure(.transitionRunning("details")))
    #expect(history.depth == 1)
    #expect(history.rejections["transition-running"] == 1)
  }

  @Test func unknownPagesAndPopsAtTheRootAreRefusedWithAClearReason() {
    var history = NavigationHistory(root: "home")
    history.register("details")
    guard case .failure(let rejection) = history.push("nowhere") else {
      Issue.record("unknown page accepted")
      return
    }
    #expect(rejection.description == "no page named 'nowhere' (known: details, home)")
    let verdict24 = history.pop()
    #expect(verdict24 == .failure(.atRoot))
    let verdict25 = history.popToRoot()
    #expect(verdict25 == .failure(.atRoot))
    let registeredAgain = history.register("home")
    #expect(!registeredAgain)
  }
}
