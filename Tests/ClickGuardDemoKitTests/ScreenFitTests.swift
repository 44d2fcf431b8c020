// The demo fits a 1366×768 screen, the smallest laptop screen it is meant
// for: on an Xvfb of that size, its first frame's window and every widget on
// it (the pages, the panel, the timeline, the counters and the log) lie
// inside the screen.

import ClickGuardShowcase
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class ScreenFitTests: XCTestCase {
  private static let screen = (width: 1366, height: 768)

  func testTheFirstFrameFitsA1366By768Screen() throws {
    let server = try SmallScreen(width: Self.screen.width, height: Self.screen.height)
    defer { server.stop() }
    let scratch = NSTemporaryDirectory() + "clickguard-screen-fit-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let demo = try DemoProcess(
      binary: try DemoBinary.path(), arguments: [], logPath: scratch + "/fit.jsonl",
      environment: ["DISPLAY": server.display])
    defer { demo.stop() }
    guard demo.waitForLine(type: "layout", timeout: 20) != nil, let layout = demo.log.layout else {
      return XCTFail("no layout line on \(server.display); the demo printed:\n\(demo.output)")
    }
    let window = layout.window
    XCTAssertLessThanOrEqual(window.width, Self.screen.width, "window \(window)")
    XCTAssertLessThanOrEqual(window.height, Self.screen.height, "window \(window)")
    XCTAssertLessThanOrEqual(window.x + window.width, Self.screen.width, "window \(window)")
    XCTAssertLessThanOrEqual(window.y + window.height, Self.screen.height, "window \(window)")
    let shown = DemoWidgets.panel + DemoWidgets.timelineWidgets + [DemoWidgets.openDetails, DemoWidgets.rememberCheck]
    for widget in shown {
      let entry = try XCTUnwrap(layout.widgets[widget.name], widget.name)
      XCTAssertTrue(entry.visible, widget.name)
      let rect = entry.rect
      XCTAssertTrue(
        rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= Self.screen.width
          && rect.y + rect.height <= Self.screen.height,
        "\(widget.name) at \(rect) is off the \(Self.screen.width)×\(Self.screen.height) screen")
    }
  }
}
