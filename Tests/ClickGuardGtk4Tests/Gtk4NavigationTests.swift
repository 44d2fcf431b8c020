// Gtk4NavigationTests: ClickGuardGtk4's StackNavigator in real GTK 4
// windows with real clicks, each scenario on plain GTK 4 (a GtkStack and
// naive handlers keeping their own history) and with ClickGuard.

import XCTest

final class Gtk4NavigationTests: XCTestCase {
  func testOpenDetailsClickedFiveTimesWhileItLoadsPushesOnce() throws {
    let plain = try run("navigation", guarded: false)
    XCTAssertEqual(plain.actions, 5, "plain GTK 4 starts loading the page for every click")
    XCTAssertEqual(plain.navigations, 5, "and pushes it five times: the duplicate navigation")
    XCTAssertEqual(plain.depth, 6)
    let guarded = try run("navigation", guarded: true)
    XCTAssertEqual(guarded.actions, 1)
    XCTAssertEqual(guarded.navigations, 1)
    XCTAssertEqual(guarded.depth, 2, "home and details, once")
  }

  func testBackClickedFiveTimesWhileTheAppLagsGoesOneStepBack() throws {
    let plain = try run("navigation-back", guarded: false)
    XCTAssertEqual(plain.navigations, 2, "plain GTK 4 pops for every click that finds the back button")
    XCTAssertEqual(plain.depth, 1, "past the list, to home")
    let guarded = try run("navigation-back", guarded: true)
    XCTAssertEqual(guarded.navigations, 1)
    XCTAssertEqual(guarded.depth, 2, "one step back, to the list")
  }

  func testClicksQueuedWhileTheAppStallsDoNotLandOnTheDetailsPage() throws {
    let plain = try run("navigation-spill", guarded: false)
    XCTAssertEqual(plain.navigations, 1, "plain GTK 4 pushes once: the queued clicks find the details page")
    XCTAssertGreaterThanOrEqual(plain.freshClicks ?? 0, 1, "and its Edit button at the same spot acts: the spill-over")
    let guarded = try run("navigation-spill", guarded: true)
    XCTAssertEqual(guarded.navigations, 1)
    XCTAssertEqual(guarded.freshClicks ?? 0, 0, "the fence drops the clicks made before the page was on screen")
    XCTAssertGreaterThanOrEqual(guarded.fencedPresses ?? 0, 1, "the navigator reports each press its fence dropped")
  }

  func testADeliberateClickOnTheSettledDetailsPageActs() throws {
    let plain = try run("navigation-spill-then-click", guarded: false)
    XCTAssertGreaterThanOrEqual(plain.freshClicks ?? 0, 2, "plain GTK 4: the spill-over, and the deliberate click")
    let guarded = try run("navigation-spill-then-click", guarded: true)
    XCTAssertEqual(guarded.navigations, 1)
    XCTAssertEqual(guarded.freshClicks, 1, "the person's click 800 ms after the burst acts: the fence has settled")
  }
}
