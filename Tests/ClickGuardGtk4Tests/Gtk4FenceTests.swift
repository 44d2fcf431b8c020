// Gtk4FenceTests: ClickGuardGtk4's fresh-content fence under GlobalGuard in
// real GTK 4 windows with real clicks and keys: a window that opens while
// the app stalls, a plain GtkStack's page switched to, and a popover that
// opens under the pointer of a bouncing click, on plain GTK 4 and with
// ClickGuard.

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

  func testReturnsQueuedWhileTheAppStallsDoNotActOnTheWindowItOpened() throws {
    let plain = try run("window-spill-keys", guarded: false)
    XCTAssertGreaterThanOrEqual(
      plain.freshClicks ?? 0, 1, "plain GTK 4: a Return typed once the window has the focus acts on its button")
    let guarded = try run("window-spill-keys", guarded: true)
    XCTAssertEqual(guarded.actions, 1, "the window opens once")
    XCTAssertEqual(guarded.freshClicks ?? 0, 0, "the fence drops the Returns that came while the window settled")
  }

  func testClicksQueuedWhileTheAppStallsDoNotLandOnTheStackPageItSwitchedTo() throws {
    let plain = try run("stack-spill", guarded: false)
    XCTAssertGreaterThanOrEqual(
      plain.freshClicks ?? 0, 1, "plain GTK 4: a queued click acts on the new page's button")
    let guarded = try run("stack-spill", guarded: true)
    XCTAssertEqual(guarded.actions, 1, "the page is switched to once")
    XCTAssertEqual(guarded.freshClicks ?? 0, 0, "the fence drops the clicks queued behind the switch")
  }

  func testADeliberateClickOnTheSettledWindowActs() throws {
    let plain = try run("window-spill-then-click", guarded: false)
    XCTAssertGreaterThanOrEqual(plain.freshClicks ?? 0, 2, "plain GTK 4: the spill-over, and the deliberate click")
    let guarded = try run("window-spill-then-click", guarded: true)
    XCTAssertEqual(guarded.freshClicks, 1, "the person's click 800 ms after the burst acts: the fence has settled")
  }

  func testASecondClickDoesNotLandOnThePopoverTheFirstOpenedUnderThePointer() throws {
    let plain = try run("popover-bounce", guarded: false)
    XCTAssertEqual(plain.freshClicks, 1, "plain GTK 4: the second click, 150 ms on, acts on the popover's button")
    let guarded = try run("popover-bounce", guarded: true)
    XCTAssertEqual(guarded.actions, 1, "the popover opens once")
    XCTAssertEqual(guarded.freshClicks ?? 0, 0, "the fence drops the click made while the popover settled")
  }

  func testADeliberateClickOnTheSettledPopoverActs() throws {
    let plain = try run("popover-bounce-then-click", guarded: false)
    XCTAssertEqual(plain.freshClicks, 2, "plain GTK 4: the bounce, and the deliberate click")
    let guarded = try run("popover-bounce-then-click", guarded: true)
    XCTAssertEqual(guarded.freshClicks, 1, "the person's click 800 ms later acts: the fence has settled")
  }
}
