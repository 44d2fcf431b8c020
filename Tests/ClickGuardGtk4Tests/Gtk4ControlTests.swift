// Gtk4ControlTests: ClickGuardGtk4's entry, list box, list view, check
// button and switch in real GTK 4 windows with real input (Gtk4Proof.swift). Each
// scenario runs on plain GTK 4 too, to show the duplicate without ClickGuard.

import XCTest

final class Gtk4ControlTests: XCTestCase {
  func testReturnPressedThreeTimesInAStalledEntrySubmitsOnce() throws {
    XCTAssertEqual(try run("entry", guarded: false).actions, 3, "plain GTK 4 runs every queued Return")
    XCTAssertEqual(try run("entry", guarded: true).actions, 1)
  }

  func testAStalledListRowClickedFiveTimesOpensOnce() throws {
    XCTAssertEqual(try run("list-row", guarded: false).actions, 5, "plain GTK 4 activates the row per click")
    XCTAssertEqual(try run("list-row", guarded: true).actions, 1, "the list's settings guard its row")
  }

  func testAStalledListRowActivatedByReturnThreeTimesOpensOnce() throws {
    XCTAssertEqual(try run("list-row-keys", guarded: false).actions, 3)
    XCTAssertEqual(try run("list-row-keys", guarded: true).actions, 1)
  }

  func testAStalledListViewItemActivatedByReturnThreeTimesOpensOnce() throws {
    XCTAssertEqual(try run("list-view-keys", guarded: false).actions, 3)
    XCTAssertEqual(try run("list-view-keys", guarded: true).actions, 1, "the view's settings guard its item")
  }

  func testAStalledListViewItemClickedFiveTimesWithSingleClickActivationOpensOnce() throws {
    XCTAssertGreaterThanOrEqual(
      try run("list-view-clicks", guarded: false).actions, 3, "plain GTK 4 activates per click")
    XCTAssertEqual(try run("list-view-clicks", guarded: true).actions, 1, "the view's settings guard its item")
  }

  func testRadioGroupsAreSkippedByDefault() throws {
    XCTAssertEqual(try run("radio", guarded: false).actions, 4)
    let skipped = try run("radio", guarded: true)
    XCTAssertEqual(skipped.actions, 4, "a radio is state: every click is a choice")
    XCTAssertEqual(skipped.choice, 2)
  }

  func testAGuardedRadioGroupDropsTheBurstAndKeepsTheAppsChoice() throws {
    let plain = try run("radio-guarded", guarded: false)
    XCTAssertEqual(plain.actions, 4, "plain GTK 4 changes the choice per click")
    XCTAssertEqual(plain.choice, 2)
    let guarded = try run("radio-guarded", guarded: true)
    XCTAssertEqual(guarded.actions, 1, "the group is one control: clicks on its other members are duplicates")
    XCTAssertEqual(guarded.toldChoice, 1)
    XCTAssertEqual(guarded.choice, guarded.toldChoice, "a dropped click leaves the app's last choice checked")
  }

  func testCheckButtonsAreSkippedByDefault() throws {
    XCTAssertEqual(try run("check", guarded: false).actions, 4)
    let skipped = try run("check", guarded: true)
    XCTAssertEqual(skipped.actions, 4, "a check button is state: every click is meant")
    XCTAssertEqual(skipped.active, false)
  }

  func testAGuardedCheckButtonDropsTheBurstAndShowsTheAppsState() throws {
    XCTAssertEqual(try run("check-guarded", guarded: false).actions, 4)
    let guarded = try run("check-guarded", guarded: true)
    XCTAssertEqual(guarded.actions, 1)
    XCTAssertEqual(guarded.toldState, true)
    XCTAssertEqual(guarded.active, guarded.toldState, "a dropped toggle is put back: the widget shows the app's state")
  }

  func testSwitchesAreSkippedByDefault() throws {
    XCTAssertEqual(try run("switch", guarded: false).actions, 4)
    let skipped = try run("switch", guarded: true)
    XCTAssertEqual(skipped.actions, 4, "a switch is state: every click is meant")
    XCTAssertEqual(skipped.active, false)
  }

  func testAGuardedSwitchDropsTheBurstAndShowsTheAppsState() throws {
    XCTAssertEqual(try run("switch-guarded", guarded: false).actions, 4)
    let guarded = try run("switch-guarded", guarded: true)
    XCTAssertEqual(guarded.actions, 1)
    XCTAssertEqual(guarded.toldState, true)
    XCTAssertEqual(guarded.active, guarded.toldState, "a dropped change is put back: the switch shows the app's state")
    XCTAssertEqual(guarded.switchState, guarded.toldState, "and its state is the one the app let it take")
  }
}
