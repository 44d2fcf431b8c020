// The live timeline in the real demo under Xvfb: a burst of real clicks
// (xdotool) on "Open details" with an async load shows one accepted mark and
// a dropped-busy mark per dropped click, checked in a screenshot of the
// window at the positions the demo's `timeline` line reports.

import ClickGuardShowcase
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class TimelineDemoTests: XCTestCase {
  private let tolerance = 60.0

  func testAsyncBurstShowsInTheLiveTimelineAndItsScreenshot() throws {
    try XDisplay.require()
    let scratch = NSTemporaryDirectory() + "clickguard-timeline-demo-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let shot = scratch + "/burst.png"
    let demo = try DemoProcess(
      binary: try DemoBinary.path(), arguments: ["--async-ms", "800", "--screenshot", shot],
      logPath: scratch + "/burst.jsonl")
    defer { demo.stop() }
    guard demo.waitForLine(type: "layout", timeout: 20) != nil, let layout = demo.log.layout else {
      return XCTFail("no layout line; the demo printed:\n\(demo.output)")
    }
    let timeline = try XCTUnwrap(layout.widgets[DemoWidgets.timeline.name])
    XCTAssertEqual(timeline.accessibleName, "Click timeline")
    XCTAssertTrue(timeline.visible)
    for widget in DemoWidgets.timelineWidgets {
      XCTAssertEqual(layout.widgets[widget.name]?.accessibleName, widget.accessibleName, widget.name)
    }
    let open = try XCTUnwrap(layout.widgets[DemoWidgets.openDetails.name])
    XCTAssertLessThanOrEqual(open.rect.y + open.rect.height, timeline.rect.y, "the timeline is under the pages")
    XCTAssertLessThanOrEqual(layout.window.y + layout.window.height, 1024, "the window fits a 1280×1024 screen")
    demo.waitForLine(type: "screenshot", timeout: 5)

    let start = demo.log.lastSeq
    XInput.burst(on: open.rect, count: 6, delayMs: 150)
    demo.waitForQuiet(quietMs: 1200)
    let outcome = demo.log.tally(after: start)[DemoWidgets.openDetails.name]
    XCTAssertEqual(outcome.decisions.accepted, 1, "\(outcome)")
    let dropped = demo.log.lines.filter { $0.seq > start && $0.type == "decision" && $0.reason == "busy" }.count
    XCTAssertGreaterThan(dropped, 0)

    let before = demo.log.lastSeq
    demo.send(SIGUSR1)
    let saved = try XCTUnwrap(demo.waitForLine(type: "screenshot", after: before, timeout: 5))
    XCTAssertNil(saved.error)
    let line = try XCTUnwrap(demo.waitForLine(type: "timeline", after: saved.seq, timeout: 5))
    let drawn = try TimelineSnapshot(json: line.text)
    XCTAssertEqual(drawn.reason, "screenshot")
    XCTAssertEqual(Int(drawn.area.width), timeline.rect.width)
    XCTAssertEqual(Int(drawn.area.x) + layout.window.x, timeline.rect.x, "window coordinates")

    // The model: one accepted mark and one dropped-busy mark per dropped click.
    let marks = drawn.marks(inLane: DemoWidgets.openDetails.name)
    XCTAssertEqual(marks.filter { $0.outcome == TimelineOutcome.accepted.rawValue }.count, 1)
    XCTAssertEqual(marks.filter { $0.outcome == TimelineOutcome.droppedBusy.rawValue }.count, dropped)

    // The picture: each mark's colour where the demo says it drew it.
    let pixels = try XCTUnwrap(RasterPixels(pngPath: shot))
    for mark in marks {
      let outcome = try XCTUnwrap(TimelineOutcome(rawValue: mark.outcome))
      let distance = pixels.nearest(to: TimelineStyle.color(outcome), x: Int(mark.probeX), y: Int(mark.probeY))
      XCTAssertLessThanOrEqual(distance, tolerance, "\(mark.outcome) at (\(mark.probeX), \(mark.probeY))")
    }
    // The busy bar: as long as the load, in the bar's colour over the
    // timeline's background.
    let background = try XCTUnwrap(pixels.pixel(x: Int(drawn.area.x) + 2, y: Int(drawn.area.y) + 2))
    let theme = TimelineTheme(background: background, foreground: TimelineTheme.light.foreground)
    let busy = try XCTUnwrap(drawn.bars.first { $0.lane == DemoWidgets.openDetails.name && $0.kind == "busy" })
    XCTAssertEqual(busy.rect.width * drawn.msPerPixel, 800, accuracy: 120, "the bar spans the 800 ms load")
    for fraction in [0.1, 0.5, 0.9] {
      let x = Int(busy.rect.x + busy.rect.width * fraction)
      let distance = pixels.nearest(
        to: TimelineRenderer.barColor(.busy, theme: theme), x: x, y: Int(busy.rect.y + busy.rect.height / 2))
      XCTAssertLessThanOrEqual(distance, tolerance, "busy bar at \(fraction)")
    }
    // The legend, as drawn.
    XCTAssertEqual(drawn.legend.map(\.label), TimelineLegendItem.all.map(\.label))
    for (entry, item) in zip(drawn.legend, TimelineLegendItem.all) {
      guard case .outcome(let outcome) = item else { continue }
      let probe = TimelineStyle.glyph(outcome).probeOffset(radius: 5)
      let distance = pixels.nearest(
        to: TimelineStyle.color(outcome), x: Int(entry.swatch.x + entry.swatch.width / 2 + probe.dx),
        y: Int(entry.swatch.y + entry.swatch.height / 2 + probe.dy))
      XCTAssertLessThanOrEqual(distance, tolerance, entry.label)
    }
  }
}
