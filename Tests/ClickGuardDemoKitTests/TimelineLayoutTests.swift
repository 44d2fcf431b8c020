// The timeline's geometry: time to x, lanes to rows, bars clipped to the
// plot, ticks at round steps, the legend wrapped, hover text.

import XCTest

@testable import ClickGuardDemoKit

final class TimelineLayoutTests: XCTestCase {
  private let lanes = [
    TimelineLane(id: "open-details", kind: .control), TimelineLane(id: TimelineLane.fenceID, kind: .fence),
    TimelineLane(id: TimelineLane.navigationID, kind: .navigation),
  ]

  private func layout(width: Double = 1000, height: Double = 200, hasTitle: Bool = false) -> TimelineLayout {
    TimelineLayout(
      width: width, height: height, viewport: TimelineViewport(startMs: 1000, endMs: 3000), lanes: lanes,
      hasTitle: hasTitle)
  }

  func testTimeMapsLinearlyAcrossThePlot() {
    let layout = layout()
    XCTAssertEqual(layout.x(1000), layout.plot.x)
    XCTAssertEqual(layout.x(3000), layout.plot.maxX, accuracy: 1e-9)
    XCTAssertEqual(layout.x(2000), layout.plot.x + layout.plot.width / 2, accuracy: 1e-9)
    XCTAssertEqual(layout.milliseconds(atX: layout.x(1234)), 1234, accuracy: 1e-9)
    XCTAssertEqual(layout.plot.maxX, 1000 - TimelineLayout.padding, accuracy: 1e-9)
  }

  func testLanesStackUnderTheAxisAndAboveTheLegend() throws {
    let layout = layout(hasTitle: true)
    XCTAssertEqual(layout.laneIndex(TimelineLane.fenceID), 1)
    XCTAssertNil(layout.laneIndex("nope"))
    XCTAssertLessThanOrEqual(layout.laneHeight, TimelineLayout.maximumLaneHeight)
    XCTAssertGreaterThan(layout.axis.y, layout.titleRect.y)
    XCTAssertEqual(layout.plot.y, layout.axis.maxY)
    for index in layout.lanes.indices {
      let lane = layout.laneRect(index)
      XCTAssertTrue(lane.contains(x: lane.midX, y: layout.markY(index)))
      let bar = try XCTUnwrap(layout.barRect(lane: index, from: 1500, to: 2000))
      XCTAssertGreaterThan(bar.y, layout.markY(index) + layout.markRadius, "bars sit under the marks")
      XCTAssertLessThanOrEqual(bar.maxY, lane.maxY)
    }
    let legendTop = try XCTUnwrap(layout.legend.map(\.swatch.y).min())
    XCTAssertGreaterThan(legendTop, layout.plot.maxY)
    XCTAssertLessThanOrEqual(try XCTUnwrap(layout.legend.map(\.swatch.maxY).max()), 200)
  }

  func testBarsAreClippedToThePlotAndNeverVanish() throws {
    let layout = layout()
    let clipped = try XCTUnwrap(layout.barRect(lane: 0, from: 500, to: 5000))
    XCTAssertEqual(clipped.x, layout.plot.x)
    XCTAssertEqual(clipped.maxX, layout.plot.maxX, accuracy: 1e-9)
    XCTAssertNil(layout.barRect(lane: 0, from: 3500, to: 4000))
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(layout.barRect(lane: 0, from: 2000, to: 2000)).width, 2)
  }

  func testTicksAreRoundSecondsFromTheOrigin() {
    let ticks = layout().ticks(originMs: 1000)
    XCTAssertEqual(ticks.first?.label, "+0.0 s")
    XCTAssertTrue(ticks.allSatisfy { $0.ms >= 1000 && $0.ms <= 3000 })
    let gaps = zip(ticks, ticks.dropFirst()).map { $1.x - $0.x }
    XCTAssertTrue(gaps.allSatisfy { $0 >= 70 }, "\(gaps)")
    XCTAssertEqual(TimelineFormat.seconds(1500, decimals: 1), "+1.5 s")
    XCTAssertEqual(TimelineFormat.seconds(-250, decimals: 2), "-0.25 s")
    XCTAssertEqual(TimelineFormat.seconds(12_000, decimals: 0), "+12 s")
    XCTAssertEqual(TimelineFormat.seconds(1005, decimals: 3), "+1.005 s")
  }

  func testTheLegendWrapsWithinTheWidth() {
    let narrow = layout(width: 400, height: 300)
    XCTAssertEqual(narrow.legend.count, TimelineLegendItem.all.count)
    XCTAssertTrue(narrow.legend.allSatisfy { $0.swatch.x >= 0 && $0.swatch.maxX <= 400 })
    XCTAssertGreaterThan(Set(narrow.legend.map(\.swatch.y)).count, 2)
  }

  func testViewports() {
    let live = TimelineViewport.live(endingAt: 20_000, seconds: 10)
    XCTAssertEqual(live.startMs, 10_000)
    XCTAssertEqual(live.durationMs, 10_000)
    var recorder = TimelineRecorder()
    XCTAssertEqual(TimelineViewport.fitting(recorder.model).durationMs, 1000)
    recorder.record(.lag(kind: "stall", ms: 500, trigger: "next-click"), at: 1000)
    let fitted = TimelineViewport.fitting(recorder.model, paddingMs: 100)
    XCTAssertEqual(fitted.startMs, 900)
    XCTAssertEqual(fitted.endMs, 1600)
  }

  /// Hovering a mark gives its log line and its delay; a flag its
  /// navigation; a bar its length.
  func testHoverTextForMarksFlagsAndBars() throws {
    var recorder = TimelineRecorder()
    recorder.setOrigin(0)
    let click = DemoEvent.decision(
      control: "open-details", action: "clicked", kind: "button", outcome: "dropped", reason: "busy", gate: "g",
      source: "user", eventTime: 1400, runsAction: false)
    recorder.record(
      .decision(
        control: "open-details", action: "clicked", kind: "button", outcome: "accepted", reason: nil, gate: "g",
        source: "user", eventTime: 1200, runsAction: true), at: 1201)
    recorder.record(
      .gate(control: "open-details", transition: "accepted", intervalMs: 500, atMs: 1201, untilMs: 11_201), at: 1201)
    recorder.record(.lag(kind: "async", ms: 600, trigger: "open-details"), at: 1202)
    recorder.record(click, at: 1450)
    recorder.record(
      .navigation(move: "push", from: "home", to: "details", depth: 2, stack: [], control: "open-details"), at: 1800)
    recorder.record(
      .gate(control: "open-details", transition: "finished", intervalMs: 500, atMs: 1800, untilMs: 2300), at: 1800)
    let model = recorder.model
    let layout = TimelineLayout(
      width: 1000, height: 200, viewport: TimelineViewport(startMs: 1000, endMs: 3000), lanes: model.lanes)
    let points = try XCTUnwrap(layout.points(of: model.marks[1], in: model))
    let text = try XCTUnwrap(
      TimelineHitTest.describe(x: points.processedX + 1, y: points.y, model: model, layout: layout))
    XCTAssertTrue(text.hasPrefix("+1.450 s  " + (click.summary ?? "")), text)
    XCTAssertTrue(text.contains("judged 50 ms later"), text)
    let flagLane = layout.laneRect(try XCTUnwrap(layout.laneIndex(TimelineLane.navigationID)))
    let flag = try XCTUnwrap(
      TimelineHitTest.describe(x: layout.x(1800) + 2, y: flagLane.midY, model: model, layout: layout))
    XCTAssertTrue(flag.contains("navigation push home → details"), flag)
    let bar = try XCTUnwrap(layout.barRect(lane: 0, from: 1201, to: 1800))
    let busy = try XCTUnwrap(TimelineHitTest.describe(x: bar.midX, y: bar.midY, model: model, layout: layout))
    XCTAssertTrue(busy.hasPrefix("open-details: busy 599 ms"), busy)
    XCTAssertNil(TimelineHitTest.describe(x: layout.x(2900), y: layout.markY(0), model: model, layout: layout))
  }
}
