// The timeline drawn offscreen from recorded logs, checked by reading pixels
// where TimelineLayout says things are (with a colour tolerance), not against
// a golden image: the marks in each lane, the busy bar's extent, the
// legend, a dark theme, and the PNG the showcase writes.

import CGtk
import ClickGuardShowcase
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class TimelineRenderTests: XCTestCase {
  /// How far (0–255, per component) a pixel may be from the colour drawn.
  private let tolerance = 60.0

  private func image(_ log: String, theme: TimelineTheme = .light) -> (TimelineModel, TimelineImage) {
    let model = TimelineLogEvents(text: log).model()
    return (model, TimelineImage(model, theme: theme, width: 1200, height: TimelineImage.height(for: model)))
  }

  /// The runs of pixels within `tolerance` of `color` along row `y` of the
  /// plot, runs closer than `gap` merged: one per mark drawn there.
  private func clusters(
    of color: GdkRGBA, row y: Double, in image: TimelineImage, gap: Double
  ) -> [ClosedRange<Int>] {
    var found: [ClosedRange<Int>] = []
    let plot = image.layout.plot
    for x in Int(plot.x.rounded(.up))..<Int(plot.maxX) {
      guard let pixel = image.pixel(x: x, y: Int(y)), RasterPixels.distance(pixel, color) <= tolerance else { continue }
      if let last = found.last, Double(x - last.upperBound) <= gap {
        found[found.count - 1] = last.lowerBound...x
      } else {
        found.append(x...x)
      }
    }
    return found
  }

  private func assertColor(
    _ image: TimelineImage, _ color: GdkRGBA, x: Double, y: Double, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    var best = Double.infinity
    for dy in -1...1 {
      for dx in -1...1 {
        if let pixel = image.pixel(x: Int(x) + dx, y: Int(y) + dy) {
          best = min(best, RasterPixels.distance(pixel, color))
        }
      }
    }
    XCTAssertLessThanOrEqual(best, tolerance, "\(message) at (\(Int(x)), \(Int(y)))", file: file, line: line)
  }

  /// Each processing mark has its outcome's colour where the layout put it.
  private func assertMarks(
    _ model: TimelineModel, _ image: TimelineImage, file: StaticString = #filePath, line: UInt = #line
  ) {
    for mark in model.marks {
      guard let points = image.layout.points(of: mark, in: model) else {
        XCTFail("no lane for \(mark.lane)", file: file, line: line)
        continue
      }
      let probe = TimelineStyle.glyph(mark.outcome).probeOffset(radius: image.layout.markRadius)
      assertColor(
        image, TimelineStyle.color(mark.outcome), x: points.processedX + probe.dx, y: points.y + probe.dy,
        "\(mark.lane) \(mark.outcome.rawValue)", file: file, line: line)
    }
  }

  /// The async burst: one accepted mark and five dropped-busy marks on the
  /// open-details lane, a busy bar from the accepted click to the
  /// navigation, then the interval; the fence lane empty (transition 0 and
  /// the clicks ended before the page appeared).
  func testAsyncBurstShowsOneAcceptedAndFiveBusyMarksAndTheBusyBar() throws {
    let (model, image) = image(TimelineFixtures.asyncLoad)
    let layout = image.layout
    XCTAssertEqual(layout.lanes.map(\.id), ["open-details", TimelineLane.fenceID, TimelineLane.navigationID])
    let row = layout.markY(0)
    let gap = 2 * layout.markRadius
    XCTAssertEqual(clusters(of: TimelineStyle.color(.accepted), row: row, in: image, gap: gap).count, 1)
    XCTAssertEqual(clusters(of: TimelineStyle.color(.droppedBusy), row: row, in: image, gap: gap).count, 5)
    // No marks on the fence and navigation lanes (the flag's grey-edged
    // label rules out looking for grey there).
    for lane in [1, 2] {
      for outcome in TimelineOutcome.allCases where lane == 1 || outcome != .passed {
        XCTAssertTrue(
          clusters(of: TimelineStyle.color(outcome), row: layout.markY(lane), in: image, gap: gap).isEmpty,
          "lane \(layout.lanes[lane].id) has no \(outcome.rawValue) marks")
      }
    }
    assertMarks(model, image)

    // The busy bar: from the accepted click's processing to the navigation.
    let accepted = try XCTUnwrap(model.marks.first { $0.outcome == .accepted })
    let navigation = try XCTUnwrap(model.flags.first)
    let bar = try XCTUnwrap(layout.barRect(lane: 0, from: accepted.processedMs, to: navigation.atMs))
    let busy = TimelineRenderer.barColor(.busy, theme: .light)
    let runs = clusters(of: busy, row: bar.midY, in: image, gap: 1)
    let run = try XCTUnwrap(runs.max { $0.count < $1.count })
    XCTAssertEqual(Double(run.lowerBound), layout.x(accepted.processedMs), accuracy: 2)
    XCTAssertEqual(Double(run.upperBound), layout.x(navigation.atMs), accuracy: 2)
    XCTAssertEqual(navigation.atMs - accepted.processedMs, 1500, accuracy: 30, "the load held the gate")
    // Right after it, the interval's paler bar; before it, no bar.
    let window = TimelineRenderer.barColor(.window, theme: .light)
    assertColor(image, window, x: bar.maxX + 20, y: bar.midY, "interval bar")
    let before = try XCTUnwrap(image.pixel(x: Int(bar.x) - 4, y: Int(bar.midY)))
    XCTAssertGreaterThan(RasterPixels.distance(before, busy), tolerance)

    assertLegend(image, theme: .light)
  }

  /// Every legend entry shows its sample in its colour.
  private func assertLegend(
    _ image: TimelineImage, theme: TimelineTheme, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(image.layout.legend.map(\.item), TimelineLegendItem.all, file: file, line: line)
    for entry in image.layout.legend {
      let swatch = entry.swatch
      switch entry.item {
      case .outcome(let outcome):
        let probe = TimelineStyle.glyph(outcome).probeOffset(radius: 5)
        assertColor(
          image, TimelineStyle.color(outcome), x: swatch.midX + probe.dx, y: swatch.midY + probe.dy, entry.item.label,
          file: file, line: line)
      case .span(let kind):
        assertColor(
          image, TimelineRenderer.barColor(kind, theme: theme), x: swatch.midX, y: swatch.midY, entry.item.label,
          file: file, line: line)
      case .navigation:
        assertColor(
          image, theme.foreground, x: swatch.x + 6.5, y: swatch.midY, entry.item.label, file: file, line: line)
      case .delay:
        assertColor(image, theme.foreground, x: swatch.x + 2, y: swatch.midY, entry.item.label, file: file, line: line)
      case .lag:
        assertColor(
          image, theme.bandFill.over(theme.background), x: swatch.midX, y: swatch.midY, "lag", file: file, line: line)
      }
      // Its label is drawn in the foreground colour right of the sample.
      let ink = (0..<60).contains { dx in
        (-4...4).contains { dy in
          image.pixel(x: Int(entry.labelX) + dx, y: Int(swatch.midY) + dy).map {
            RasterPixels.distance($0, theme.foreground) < 100
          } ?? false
        }
      }
      XCTAssertTrue(ink, "label '\(entry.item.label)'", file: file, line: line)
    }
  }

  /// Spill-over with the fence: 18 clicks fenced on the fence lane (a double
  /// click's two presses share a mark), the handler lag as a band, the fence
  /// armed from the navigation past the last drop.
  func testSpillOverShowsEveryFencedClickOnTheFenceLane() throws {
    let (model, image) = image(TimelineFixtures.spillOver)
    let layout = image.layout
    let fenceLane = try XCTUnwrap(layout.laneIndex(TimelineLane.fenceID))
    let distinctClicks = Set(model.marks(inLane: TimelineLane.fenceID).compactMap(\.eventTime)).count
    XCTAssertEqual(distinctClicks, 18)
    let fenced = clusters(
      of: TimelineStyle.color(.fenceDrop), row: layout.markY(fenceLane), in: image, gap: 2 * layout.markRadius + 2)
    XCTAssertEqual(fenced.count, distinctClicks)
    XCTAssertEqual(
      clusters(of: TimelineStyle.color(.accepted), row: layout.markY(0), in: image, gap: 2 * layout.markRadius).count, 1
    )
    assertMarks(model, image)
    // The handler lag is shaded across the lanes above the fence lane too.
    let band = try XCTUnwrap(model.bands.first)
    XCTAssertEqual(band.kind, .handler)
    let shade = TimelineTheme.light.bandFill.over(TimelineTheme.light.background)
    let inBand = try XCTUnwrap(
      image.pixel(x: Int(layout.x((band.startMs + band.endMs) / 2)), y: Int(layout.laneRect(fenceLane).y + 2)))
    XCTAssertLessThan(RasterPixels.distance(inBand, shade), 40)
    let fence = try XCTUnwrap(model.spans.first { $0.kind == .fence })
    let lastDrop = try XCTUnwrap(model.marks(inLane: TimelineLane.fenceID).last)
    XCTAssertEqual(try XCTUnwrap(fence.endMs), lastDrop.processedMs + TimelineRecorder.fenceSettleMs, accuracy: 1)
    let bar = try XCTUnwrap(layout.barRect(lane: fenceLane, from: fence.startMs, to: try XCTUnwrap(fence.endMs)))
    assertColor(image, TimelineRenderer.barColor(.fence, theme: .light), x: bar.midX, y: bar.midY, "fence bar")
  }

  /// The same picture on a dark theme: the marks keep their colours and shapes
  /// on a dark background.
  func testDarkThemeKeepsTheMarksReadable() throws {
    let (model, image) = image(TimelineFixtures.asyncLoad, theme: .dark)
    let corner = try XCTUnwrap(image.pixel(x: 2, y: 2))
    XCTAssertLessThan(RasterPixels.distance(corner, TimelineTheme.dark.background), 2)
    assertMarks(model, image)
    assertLegend(image, theme: .dark)
    for outcome in TimelineOutcome.allCases {
      let color = TimelineStyle.color(outcome)
      XCTAssertGreaterThan(RasterPixels.distance(color, TimelineTheme.dark.background), 80, outcome.rawValue)
      XCTAssertGreaterThan(RasterPixels.distance(color, TimelineTheme.light.background), 80, outcome.rawValue)
    }
  }

  /// The showcase's PNG: written beside the log, read back with the marks
  /// where the layout says.
  func testThePictureIsWrittenBesideTheLog() throws {
    let directory = NSTemporaryDirectory() + "clickguard-timeline-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let log = directory + "/async.jsonl"
    try TimelineFixtures.asyncLoad.write(toFile: log, atomically: true, encoding: .utf8)
    let drawn = try TimelinePicture.write(log: log, title: "async load")
    let path = TimelinePicture.path(forLog: log)
    XCTAssertEqual(path, directory + "/async-timeline.png")
    let pixels = try XCTUnwrap(RasterPixels(pngPath: path))
    XCTAssertEqual(pixels.width, drawn.width)
    XCTAssertEqual(pixels.height, drawn.height)
    XCTAssertGreaterThan(drawn.layout.titleRect.height, 0)
    let model = TimelineLogEvents(text: TimelineFixtures.asyncLoad).model()
    for mark in model.marks {
      let points = try XCTUnwrap(drawn.layout.points(of: mark, in: model))
      XCTAssertLessThanOrEqual(
        pixels.nearest(to: TimelineStyle.color(mark.outcome), x: Int(points.processedX), y: Int(points.y)), tolerance)
    }
    XCTAssertNil(RasterPixels(pngPath: directory + "/missing.png"))
    XCTAssertThrowsError(try TimelinePicture.write(log: directory + "/missing.jsonl"))
  }

  /// The log reader turns every line type the timeline draws back into the
  /// demo's events, settings included, and skips the others and a line
  /// still being written.
  func testTheLogReaderReadsEveryTimelineEvent() {
    let drawn: [DemoEvent] = [
      .setting(name: "interval-ms", value: .int(800)),
      .setting(name: "control-settings", value: .object([("control", "back"), ("interval_ms", .null)])),
      .lag(kind: "stall", ms: 900, trigger: "next-click"),
      .fenceDrop(page: "details", reason: "settling", eventTime: 7),
      .navigationRefused(reason: "transition-running", message: "m", control: "x", top: "details"),
    ]
    let lines = (drawn + [.toggle(control: "remember-check", active: true)]).enumerated().map {
      $0.element.line(seq: $0.offset + 1, monoMs: Double($0.offset)).encoded
    }
    let events = TimelineLogEvents(text: lines.joined(separator: "\n") + "\n{\"type\":\"decis").events
    XCTAssertEqual(events.map(\.event.type), drawn.map(\.type))
    XCTAssertEqual(events.map(\.event.summary), drawn.map(\.summary))
    XCTAssertEqual(events.map(\.monoMs), [0, 1, 2, 3, 4])
  }
}
