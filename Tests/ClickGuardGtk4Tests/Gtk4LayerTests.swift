// Gtk4LayerTests: ClickGuardGtk4 in real GTK 4 windows with real input.
//
// Each run is the proof program in a process of its own (Gtk4Proof.swift).
// Every scenario runs twice, on plain GTK 4 and with ClickGuard, so each
// test shows the duplicate (or the deliberate action) without ClickGuard too.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class Gtk4LayerTests: XCTestCase {
  func testAStalledButtonClickedFiveTimesActsOnce() throws {
    let plain = try run("lag", guarded: false)
    XCTAssertEqual(plain.actions, 5, "plain GTK 4 runs every queued click: the duplicate")
    let guarded = try run("lag", guarded: true)
    XCTAssertEqual(guarded.actions, 1)
  }

  func testTheGlobalGuardJudgesAButtonNobodyWrapped() throws {
    XCTAssertEqual(try run("global", guarded: false).actions, 5)
    XCTAssertEqual(try run("global", guarded: true).actions, 1)
  }

  func testAnAsyncActionKeepsTheGateClosedAndTheButtonBusyButFocused() throws {
    let plain = try run("async", guarded: false)
    XCTAssertEqual(plain.actions, 5, "without ClickGuard each click starts the work again")
    XCTAssertEqual(plain.busySeen, false)
    let guarded = try run("async", guarded: true)
    XCTAssertEqual(guarded.actions, 1, "clicks made while the work runs are dropped")
    XCTAssertEqual(guarded.busySeen, true, "the button carries clickguard-busy while its action runs")
    XCTAssertEqual(guarded.focusKeptWhileBusy, true, "busy is not insensitive: the focus stays")
    XCTAssertEqual(guarded.busyCleared, true)
  }

  /// An action that outlasts the button's longest busy time (1 s): the
  /// button is busy at 0.5 s, idle again at 1.3 s, and takes the click at
  /// 1.6 s while the first action still runs, as the gate reopened.
  func testTheBusyMarkEndsAtTheLongestBusyTime() throws {
    let plain = try run("async-cap", guarded: false)
    XCTAssertEqual(plain.actions, 2)
    XCTAssertEqual(plain.busyLooks, [false, false])
    let guarded = try run("async-cap", guarded: true)
    XCTAssertEqual(
      guarded.busyLooks, [true, false], "busy while the gate is held, idle once the longest busy time passed")
    XCTAssertEqual(guarded.actions, 2, "the gate reopened at the longest busy time: the next click acts")
    XCTAssertEqual(guarded.busyCleared, true)
  }

  /// An action that throws after 400 ms: busy while it runs, the second
  /// click (at 100 ms) dropped, idle once it threw.
  func testTheBusyMarkEndsWhenTheActionThrows() throws {
    let plain = try run("async-error", guarded: false)
    XCTAssertEqual(plain.actions, 2)
    XCTAssertEqual(plain.busyLooks, [false, false])
    let guarded = try run("async-error", guarded: true)
    XCTAssertEqual(guarded.actions, 1)
    XCTAssertEqual(guarded.busyLooks, [true, false], "busy while it runs, idle once it threw")
  }

  func testTogglesAreSkippedByDefaultAndGuardedWhenAsked() throws {
    let plain = try run("toggle", guarded: false)
    XCTAssertEqual(plain.actions, 4)
    let skipped = try run("toggle", guarded: true)
    XCTAssertEqual(skipped.actions, 4, "a toggle is state: every click is meant")
    XCTAssertEqual(skipped.active, false)
    XCTAssertEqual(try run("toggle-guarded", guarded: false).actions, 4)
    let guarded = try run("toggle-guarded", guarded: true)
    XCTAssertEqual(guarded.actions, 1)
    XCTAssertEqual(guarded.active, true, "a dropped toggle never flips: the widget shows what the app was told")
  }

  func testSpacePressedThreeTimesOnAStalledButtonActsOnce() throws {
    XCTAssertEqual(try run("keys", guarded: false).actions, 3)
    XCTAssertEqual(try run("keys", guarded: true).actions, 1)
  }

  func testTheAppsOwnClicksAreNotJudged() throws {
    XCTAssertEqual(try run("programmatic", guarded: false).actions, 3)
    XCTAssertEqual(try run("programmatic", guarded: true).actions, 3, "gtk code emitting clicked is not a person")
  }

  func testAnApplicationAcceleratorPressedThreeTimesFastActsOnce() throws {
    XCTAssertEqual(try run("accelerator", guarded: false).actions, 3, "plain GTK 4 runs app.save for every Ctrl+S")
    XCTAssertEqual(try run("accelerator", guarded: true).actions, 1)
  }

  func testAHeldAcceleratorRepeatsWithAndWithoutClickGuard() throws {
    try assertAHeldCtrlSRepeats("accelerator-held")
  }

  func testAWindowsShortcutControllerPressedThreeTimesFastActsOnce() throws {
    XCTAssertEqual(try run("shortcut-window", guarded: false).actions, 3, "plain GTK 4 runs win.save for every Ctrl+S")
    XCTAssertEqual(try run("shortcut-window", guarded: true).actions, 1)
  }

  func testAWidgetsOwnCallbackShortcutPressedThreeTimesFastActsOnce() throws {
    XCTAssertEqual(try run("shortcut-widget", guarded: false).actions, 3)
    XCTAssertEqual(try run("shortcut-widget", guarded: true).actions, 1)
  }

  func testAWidgetClassShortcutPressedThreeTimesFastActsOnce() throws {
    XCTAssertEqual(try run("shortcut-class", guarded: false).actions, 3)
    XCTAssertEqual(try run("shortcut-class", guarded: true).actions, 1)
  }

  func testAHeldShortcutRepeatsWithAndWithoutClickGuard() throws {
    try assertAHeldCtrlSRepeats("shortcut-held")
  }

  func testTheAppsOwnActivationsOfAShortcutsActionAreNotJudged() throws {
    XCTAssertEqual(try run("shortcut-by-app", guarded: false).actions, 3)
    XCTAssertEqual(try run("shortcut-by-app", guarded: true).actions, 3, "the app activating win.save is not a person")
  }

  func testAPersonTypingZeroThreeTimesOnAKeypadGetsThreeZeros() throws {
    XCTAssertEqual(try run("keypad", guarded: false).actions, 3)
    XCTAssertEqual(try run("keypad", guarded: true).actions, 3, "a keypad key pressed at a person's pace is meant")
  }

  func testAKeypadKeysBounceIsStillCaught() throws {
    XCTAssertEqual(try run("keypad-bounce", guarded: false).actions, 2, "a bounce 30 ms after the click acts twice")
    XCTAssertEqual(try run("keypad-bounce", guarded: true).actions, 1)
  }

  func testTheSamePaceOnAButtonThatIsNoKeyIsADuplicate() throws {
    XCTAssertEqual(try run("words", guarded: false).actions, 3)
    XCTAssertEqual(try run("words", guarded: true).actions, 1, "Open pressed again within the interval is a duplicate")
  }

  /// Runs `scenario`, Ctrl+S held down, plain and guarded: its repeats act both times.
  private func assertAHeldCtrlSRepeats(_ scenario: String) throws {
    let plain = try run(scenario, guarded: false)
    XCTAssertGreaterThan(plain.actions, 3, "X repeats a held Ctrl+S")
    let guarded = try run(scenario, guarded: true)
    XCTAssertGreaterThanOrEqual(guarded.actions, plain.actions - 2, "a held key's repeats are meant: they act")
  }
}
