// The timeline's model, built from the demo's own events: lanes, marks with
// their event and processing instants, busy and interval spans from the
// gates' own transitions, lag bands, navigation flags and the fence.

import XCTest

@testable import ClickGuardDemoKit

final class TimelineModelTests: XCTestCase {
  private let open = DemoWidgets.openDetails.name

  private func decision(_ control: String, _ outcome: String, _ reason: String? = nil, at eventTime: UInt32?)
    -> DemoEvent
  {
    .decision(
      control: control, action: "clicked", kind: "button", outcome: outcome, reason: reason, gate: "g",
      source: eventTime == nil ? "programmatic" : "user", eventTime: eventTime, runsAction: outcome == "accepted")
  }

  /// A `gate` line of `control` at `at`, logged at `at`.
  private func gate(_ control: String, _ transition: String, at: Double, until: Double?) -> (DemoEvent, Double) {
    (.gate(control: control, transition: transition, intervalMs: 500, atMs: at, untilMs: until), at)
  }

  private func start(intervalMs: Int = 500, transitionMs: Int = 0, fence: Bool = true) -> DemoEvent {
    var options = DemoOptions()
    options.intervalMs = intervalMs
    options.transitionMs = transitionMs
    options.fenceEnabled = fence
    return .start(appID: "a", pid: 1, resources: "/r", options: options)
  }

  private func record(_ events: [(DemoEvent, Double)], pinned: [String] = []) -> TimelineModel {
    var recorder = TimelineRecorder(pinnedLanes: pinned)
    for (event, ms) in events { recorder.record(event, at: ms) }
    return recorder.model
  }

  private func spans(_ model: TimelineModel, _ kind: TimelineSpan.Kind, lane: String) -> [TimelineSpan] {
    model.spans.filter { $0.kind == kind && $0.lane == lane }
  }

  /// An async load holds the gate from the accepted click until it
  /// finishes (at its navigation); the clicks meanwhile are dropped as busy;
  /// the interval follows; the fence is armed for the settle delay.
  func testAsyncLoadHoldsTheGateUntilItsNavigation() throws {
    var events: [(DemoEvent, Double)] = [
      (start(), 900), (decision(open, "accepted", at: 1000), 1001.5),
      gate(open, "accepted", at: 1001.5, until: 11001.5),
      (.action(control: open, does: "navigate"), 1002), (.lag(kind: "async", ms: 800, trigger: open), 1002.2),
    ]
    for i in 1...5 {
      events.append((decision(open, "dropped", "busy", at: UInt32(1000 + 150 * i)), 1001.5 + 150 * Double(i)))
      events.append(gate(open, "dropped", at: 1001.5 + 150 * Double(i), until: nil))
    }
    events.append(
      (
        .navigation(move: "push", from: "home", to: "details", depth: 2, stack: ["home", "details"], control: open),
        1803
      ))
    events.append(gate(open, "finished", at: 1803, until: 2303))
    let model = record(events)
    XCTAssertEqual(model.lanes.map(\.id), [open, TimelineLane.fenceID, TimelineLane.navigationID])
    XCTAssertEqual(model.marks(inLane: open).map(\.outcome), [.accepted] + Array(repeating: .droppedBusy, count: 5))
    let busy = try XCTUnwrap(spans(model, .busy, lane: open).first)
    XCTAssertEqual(busy.startMs, 1001.5)
    XCTAssertEqual(busy.endMs, 1803)
    let window = try XCTUnwrap(spans(model, .window, lane: open).first)
    XCTAssertEqual(window.startMs, 1803)
    XCTAssertEqual(window.endMs, 2303)
    XCTAssertEqual(spans(model, .window, lane: open).count, 1)
    let fence = try XCTUnwrap(spans(model, .fence, lane: TimelineLane.fenceID).first)
    XCTAssertEqual(fence.startMs, 1803)
    XCTAssertEqual(fence.endMs, 1803 + TimelineRecorder.fenceSettleMs)
    XCTAssertEqual(model.flags.map(\.label), ["details"])
    XCTAssertEqual(model.bands.map(\.label), ["async load 800 ms"])
    XCTAssertEqual(model.originMs, 900)
    // The event marks sit where the clicks were made: 1.5 ms before.
    XCTAssertEqual(model.eventMs(of: model.marks[0]), 1000)
  }

  /// While the load runs, the busy span has no end (a live view draws it to
  /// the right edge, up to the maximum busy time).
  func testARunningLoadIsOpen() throws {
    let model = record([
      (start(), 0), (decision(open, "accepted", at: 100), 100.4), gate(open, "accepted", at: 100.4, until: 10_100.4),
      (.lag(kind: "async", ms: 800, trigger: open), 101),
    ])
    let busy = try XCTUnwrap(spans(model, .busy, lane: open).first)
    XCTAssertNil(busy.endMs)
    XCTAssertEqual(busy.limitMs, 10_100.4)
    XCTAssertTrue(spans(model, .window, lane: open).isEmpty)
  }

  /// An action past the maximum busy time: the bar ends where the gate
  /// reopened, with no interval after it.
  func testAnExpiredActionEndsItsBusySpan() throws {
    let model = record([
      (start(), 0), (decision(open, "accepted", at: 100), 100), gate(open, "accepted", at: 100, until: 10_100),
      gate(open, "expired", at: 10_100, until: 10_100), (decision(open, "accepted", at: 12_000), 12_000),
      gate(open, "accepted", at: 12_000, until: 22_000),
    ])
    let busy = spans(model, .busy, lane: open)
    XCTAssertEqual(busy.map(\.startMs), [100, 12_000])
    XCTAssertEqual(busy.first?.endMs, 10_100)
    XCTAssertNil(busy.last?.endMs)
    XCTAssertTrue(spans(model, .window, lane: open).isEmpty)
  }

  /// A handler lag keeps the gate busy until the handler returns (after
  /// the lag, its navigation); the next click dispatched is judged after
  /// that.
  func testHandlerLagEndsTheBusySpanWhenTheHandlerReturns() throws {
    let model = record([
      (start(intervalMs: 400), 0), (decision(open, "accepted", at: 1000), 1000.5),
      gate(open, "accepted", at: 1000.5, until: 11_000.5),
      (.action(control: open, does: "navigate"), 1001), (.lag(kind: "handler", ms: 1000, trigger: open), 1001.2),
      (.navigation(move: "push", from: "home", to: "details", depth: 2, stack: [], control: open), 2001.5),
      gate(open, "finished", at: 2001.5, until: 2401.5), (decision(open, "dropped", "within-interval", at: 1150), 2003),
      // Later events by the same control do not move a finished gate.
      (.action(control: open, does: "navigate"), 2500),
    ])
    let busy = try XCTUnwrap(spans(model, .busy, lane: open).first)
    XCTAssertEqual(busy.startMs, 1000.5)
    XCTAssertEqual(busy.endMs, 2001.5)
    let window = try XCTUnwrap(spans(model, .window, lane: open).first)
    XCTAssertEqual(window.startMs, 2001.5)
    XCTAssertEqual(window.endMs, 2401.5)
    XCTAssertEqual(model.bands.first?.kind, .handler)
    XCTAssertEqual(model.bands.first?.endMs, 2001.2)
    let late = model.marks[1]
    XCTAssertEqual(late.outcome, .droppedWithinInterval)
    XCTAssertEqual(model.eventMs(of: late), 1150)
  }

  /// Clicks queued behind a stall keep the instants they were made at: the
  /// line from each event mark to its processing mark is the lag.
  func testStalledClicksKeepTheirEventTimes() {
    var events: [(DemoEvent, Double)] = [(start(), 0), (.lag(kind: "stall", ms: 1500, trigger: "next-click"), 1000)]
    for i in 0..<4 {
      let outcome = i == 0 ? "accepted" : "dropped"
      events.append(
        (decision(open, outcome, i == 0 ? nil : "within-interval", at: UInt32(1000 + 200 * i)), 2501 + Double(i)))
    }
    let model = record(events)
    XCTAssertEqual(model.marks.compactMap { model.eventMs(of: $0) }, [1000, 1200, 1400, 1600])
    XCTAssertEqual(model.marks.map(\.processedMs), [2501, 2502, 2503, 2504])
    XCTAssertEqual(model.bands.map(\.label), ["stall 1500 ms"])
    XCTAssertTrue(model.eventClock.sharesClock)
  }

  /// An X server on another clock: events are placed by the shortest delay
  /// seen, not on the log's clock.
  func testAnotherInputClockIsPlacedByTheShortestDelay() {
    let skew: UInt32 = 3_000_000_000
    let model = record([
      (decision(open, "accepted", at: skew &+ 100), 1002), (decision(open, "dropped", "busy", at: skew &+ 250), 1160),
    ])
    XCTAssertFalse(model.eventClock.sharesClock)
    XCTAssertEqual(model.eventMs(of: model.marks[0]), 1002)
    XCTAssertEqual(model.eventMs(of: model.marks[1]), 1152)
  }

  /// Fence drops go on the fence lane and keep the fence armed for the
  /// settle delay after each; a refused navigation is a hollow flag.
  func testFenceDropsExtendTheFenceAndRefusalsAreFlagged() throws {
    let model = record([
      (start(transitionMs: 250), 0),
      (.navigation(move: "push", from: "home", to: "details", depth: 2, stack: [], control: open), 1000),
      (.fenceDrop(page: "details", reason: "transition", eventTime: 1100), 1101),
      (.fenceDrop(page: "details", reason: "continuing-burst", eventTime: 1700), 1701),
      (.navigationRefused(reason: "already-on-top", message: "m", control: open, top: "details"), 1800),
    ])
    XCTAssertEqual(model.marks(inLane: TimelineLane.fenceID).count, 2)
    let fence = try XCTUnwrap(model.spans.first { $0.kind == .fence })
    XCTAssertEqual(fence.startMs, 1000)
    XCTAssertEqual(fence.endMs, 1701 + TimelineRecorder.fenceSettleMs)
    XCTAssertEqual(model.flags.map(\.refused), [false, true])
  }

  /// With the fence off, a navigation arms nothing.
  func testNoFenceSpanWhenTheFenceIsOff() {
    let model = record([
      (start(fence: false), 0),
      (.navigation(move: "push", from: "home", to: "details", depth: 2, stack: [], control: open), 1000),
    ])
    XCTAssertTrue(model.spans.isEmpty)
  }

  /// The window is the gate's own (a control's interval set in the panel);
  /// passed activations open no gate.
  func testTheGatesWindowAndPassedActivations() throws {
    let model = record([
      (start(), 0),
      (
        .setting(
          name: "control-settings",
          value: .object([("control", "details-action"), ("policy", "automatic"), ("interval_ms", 1200)])), 1
      ),
      (decision("details-2-action", "accepted", at: 10), 10), gate("details-2-action", "accepted", at: 10, until: nil),
      gate("details-2-action", "finished", at: 10, until: 1210), (decision(open, "passed", "guard-off", at: 20), 20),
    ])
    let window = try XCTUnwrap(spans(model, .window, lane: "details-2-action").first)
    XCTAssertEqual(window.endMs, 1210)
    XCTAssertTrue(model.spans.filter { $0.lane == open }.isEmpty)
    XCTAssertEqual(model.marks(inLane: open).map(\.outcome), [.passed])
  }

  /// Pinned lanes come first; clearing keeps the lanes and the origin.
  func testPinnedLanesAndClear() {
    var recorder = TimelineRecorder(pinnedLanes: [open])
    recorder.setOrigin(5)
    recorder.record(decision("remember-check", "passed", "kind-skipped", at: 1), at: 10)
    XCTAssertEqual(recorder.model.controlLanes, [open, "remember-check"])
    recorder.clear()
    XCTAssertTrue(recorder.model.isEmpty)
    XCTAssertEqual(recorder.model.controlLanes, [open, "remember-check"])
    XCTAssertEqual(recorder.model.originMs, 5)
  }

  /// The accessible description says what is in view, lane by lane.
  func testSummarySaysWhatIsInView() {
    let model = record([
      (start(), 0), (decision(open, "accepted", at: 100), 100), (decision(open, "dropped", "busy", at: 200), 200),
      (decision(open, "dropped", "busy", at: 300), 300),
      (.navigation(move: "push", from: "home", to: "details", depth: 2, stack: [], control: open), 400),
    ])
    XCTAssertEqual(
      model.summary(from: 0, to: 1000), "open-details: 1 accepted, 2 dropped: busy; 1 navigation.")
    XCTAssertEqual(model.summary(from: 2000, to: 3000), "No clicks in view.")
  }

  /// The outcome of each decision line, and the ones the timeline does not
  /// know.
  func testOutcomesFromLogFields() {
    XCTAssertEqual(TimelineOutcome(outcome: "dropped", reason: "event-time"), .droppedEventTime)
    XCTAssertEqual(TimelineOutcome(outcome: "would-drop", reason: "busy"), .wouldDrop)
    XCTAssertNil(TimelineOutcome(outcome: "dropped", reason: "mystery"))
    XCTAssertNil(TimelineOutcome(outcome: "maybe", reason: nil))
    XCTAssertEqual(Set(TimelineOutcome.allCases.map(TimelineStyle.glyph)).count, TimelineOutcome.allCases.count)
  }
}
