// Gtk4FenceTests: ClickGuardGtk4's fresh-content fence under GlobalGuard in
// real GTK 4 windows with real clicks: a window that opens while the app
// stalls, on plain GTK 4 and with ClickGuard.

import XCTest

final class Gtk4FenceTests: XCTestCase {
  func testClicksQueuedWhileTheAppStallsDoNotLandOnTheWindowItOpened() throws {
    let plain = try run("window-spill", guarded: false)
    XCTAssertGreaterThanOrEqual(
      plain.freshClicks ?? 0, 1, "plain GTK 4: a queued click acts on the new window's button")
    let guarded = try run("window-spill", guarded: true)
    XCTAssertEqual(guarded.actions, 1, "the window opens once")
    XCTAssertEqual(guarded.freshClicks ?? 0, 0, "the fence drops the clicks made before the window was on screen")
  }

  func testADeliberateClickOnTheSettledWindowActs() throws {
    let plain = try run("window-spill-then-click", guarded: false)
    XCTAssertGreaterThanOrEqual(plain.freshClicks ?? 0, 2, "plain GTK 4: the spill-over, and the deliberate click")
    let guarded = try run("window-spill-then-click", guarded: true)
    XCTAssertEqual(guarded.freshClicks, 1, "the person's click 800 ms after the burst acts: the fence has settled")
  }
}
