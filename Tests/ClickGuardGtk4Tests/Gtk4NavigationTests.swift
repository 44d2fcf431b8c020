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
}
