// The bounce profile in a galculator-like C GTK 3 app (Fixtures/bounce.c)
// with the module, driven by real X input under Xvfb: a tremor's burst on a
// toggle-button digit types one digit (five without the module, five under
// the default lag profile), a burst on a GtkSwitch reaches the app once with
// the switch showing what the app was told, presses slower than the window
// all act, and deliberate double-clicks (a tree row, a word in an entry)
// keep working;
// `feedback=bell` rings the X server's bell once per dropped click.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class BounceModuleTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
  }

  /// Runs `program` (the bounce fixture unless given, with `arguments`)
  /// with the module and a rules file of `rules` (none when `nil`), logging
  /// to a new file; `withModule: false` runs it without the module.
  private func run(
    rules: String?, withModule: Bool = true, program: FixtureProgram = .bounce, arguments: [String] = [],
    _ drive: (FixtureApp) -> Void
  ) throws -> (result: FixtureResult, log: URL, ready: [String: String]) {
    let log = ModuleHarness.scratch.appendingPathComponent("bounce-\(UUID().uuidString).jsonl")
    var environment = ["CLICKGUARD_LOG": log.path]
    if let rules {
      let url = ModuleHarness.scratch.appendingPathComponent("bounce-\(UUID().uuidString).conf")
      try rules.write(to: url, atomically: true, encoding: .utf8)
      environment["CLICKGUARD_CONFIG"] = url.path
    }
    let app = try FixtureApp(
      modules: withModule ? try ModuleHarness.modulePath() : nil, environment: environment, arguments: arguments,
      program: program)
    drive(app)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.glibProblems, [], result.stderr)
    XCTAssertFalse(result.stderr.contains("ClickGuard-Message"), result.stderr)
    return (result, log, app.readyFields)
  }

  /// The decision lines about the "7".
  private func sevenLines(_ log: URL) throws -> [[String: Any]] {
    try JSONLines.objects(in: log).filter { $0["label"] as? String == "7" }
  }

  private let bounce = "[bounce]\nprofile=bounce\n"
  private let clickcountBounce = "[clickcount]\nprofile=bounce\n"

  func testWithoutTheModuleABurstOnTheToggleDigitTypesItFiveTimes() throws {
    let (result, _, _) = try run(rules: nil, withModule: false) { $0.click("seven", count: 5, delayMs: 80) }
    XCTAssertEqual(result.final["toggled"], "5")
    XCTAssertEqual(result.final["display"], "77777")
  }

  /// The default lag profile skips toggles: the burst still types 77777,
  /// and the log says why; `clickguard report` reads it as bounces and
  /// suggests the bounce profile for the program.
  func testUnderTheLagProfileTheToggleStillPassesEveryClickAndTheReportSuggestsBounce() throws {
    let (result, log, _) = try run(rules: nil) { $0.click("seven", count: 5, delayMs: 80) }
    XCTAssertEqual(result.final["display"], "77777")
    let lines = try sevenLines(log)
    XCTAssertEqual(lines.map { $0["outcome"] as? String }, Array(repeating: "passed", count: 5))
    XCTAssertEqual(lines.map { $0["reason"] as? String }, Array(repeating: "kind-skipped", count: 5))
    XCTAssertEqual(lines.first?["kind"] as? String, "toggle")
    let report = try CommandHarness.run(["report", log.path])
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertTrue(report.stdout.contains("\n[bounce]\nprofile=bounce\n"), report.stdout)
  }

  /// Under bounce the burst types one 7; the dropped clicks never flip the
  /// button, so its state and the app's agree: a second burst later flips
  /// it back once.
  func testUnderTheBounceProfileABurstTogglesOnceAndTheStatesAgree() throws {
    let (result, log, _) = try run(rules: bounce) { app in
      app.click("seven", count: 5, delayMs: 80)
      app.click("seven", count: 5, delayMs: 80)
    }
    XCTAssertEqual(result.final["toggled"], "2")
    XCTAssertEqual(result.final["display"], "77")
    XCTAssertEqual(result.final["active"], "0")
    XCTAssertEqual(
      result.lines.filter { $0.hasPrefix("toggled") },
      ["toggled 1 active=1 display=7", "toggled 2 active=0 display=77"])
    let once = ["accepted"] + Array(repeating: "dropped", count: 4)
    XCTAssertEqual(try sevenLines(log).map { $0["outcome"] as? String }, once + once)
    XCTAssertEqual(try sevenLines(log).compactMap { $0["reason"] as? String }, Array(repeating: "too-fast", count: 8))
  }

  func testUnderTheBounceProfileClicksSlowerThanTheWindowAllAct() throws {
    let (result, _, _) = try run(rules: bounce) { $0.click("seven", count: 5, delayMs: 400, settle: 0.6) }
    XCTAssertEqual(result.final["display"], "77777")
  }

  /// `interval-ms` in a bounce group is the window: at 500 ms, clicks
  /// 400 ms apart each follow the previous press by less (dropped or not),
  /// so the run types one 7 where the default 300 ms types five.
  func testIntervalMsSetsTheBounceWindow() throws {
    let (result, _, _) = try run(rules: bounce + "interval-ms=500\n") {
      $0.click("seven", count: 5, delayMs: 400, settle: 0.6)
    }
    XCTAssertEqual(result.final["display"], "7")
  }

  /// GtkButton's own double-click (a second press 80 ms after the first)
  /// toggles twice without the module, once under bounce.
  func testADoubleClickOnTheToggleIsOneActivationUnderBounce() throws {
    let without = try run(rules: nil, withModule: false) { $0.doubleClick("seven", count: 1, gapMs: 0) }
    XCTAssertEqual(without.result.final["toggled"], "2")
    let with = try run(rules: bounce) { $0.doubleClick("seven", count: 1, gapMs: 0) }
    XCTAssertEqual(with.result.final["toggled"], "1")
  }

  /// Two deliberate double-clicks on a tree row, 500 ms apart, open it
  /// twice under bounce, as without the module: the row activates on the
  /// second press of each, and the first presses are no activations.
  func testDoubleClicksOnATreeRowOpenItOnceEachUnderBounce() throws {
    let without = try run(rules: nil, withModule: false) { $0.doubleClick("row1", count: 2, gapMs: 500) }
    XCTAssertEqual(without.result.final["rows"], "2")
    let with = try run(rules: bounce) { $0.doubleClick("row1", count: 2, gapMs: 500) }
    XCTAssertEqual(with.result.final["rows"], "2")
    XCTAssertEqual(with.result.lines.filter { $0.hasPrefix("row-activated") }.count, 2)
  }

  /// Under bounce, tree rows and icon view items of a GtkApplication
  /// (Fixtures/activations.py) open once per deliberate double-click, as
  /// without the module: two double-clicks open each twice (an icon's 1 s
  /// apart: GDK makes a press within 800 ms of a double-click's first one a
  /// triple-click, and the icon view then opens once, with or without the
  /// module).
  func testDoubleClicksOnTreeRowsAndIconsActivateOnceEachUnderBounce() throws {
    func drive(_ app: FixtureApp) {
      app.doubleClick("tree1", count: 2, gapMs: 500)
      app.doubleClick("icon1", count: 2, gapMs: 1000)
    }
    let without = try run(rules: nil, withModule: false, program: .activations, drive).result
    let with = try run(rules: "[activations]\nprofile=bounce\n", program: .activations, drive).result
    XCTAssertEqual(without.treeRows, [2, 0])
    XCTAssertEqual(without.icons, [2, 0])
    XCTAssertEqual(with.treeRows, without.treeRows)
    XCTAssertEqual(with.icons, without.icons)
  }

  /// Radio buttons are judged under bounce and their group still switches
  /// (Fixtures/clickcount.c): each click on another member acts, a burst
  /// on one acts once, and the member a click leaves is told (a nested
  /// activation, never judged).
  func testTheRadioGroupStillSwitchesUnderBounce() throws {
    let (result, _, _) = try run(rules: clickcountBounce, program: .clickcount) { app in
      app.click("r2")
      app.click("r3")
      app.click("r1")
      app.click("r2", count: 3)
    }
    XCTAssertEqual(result.final["active"], "r2")
    XCTAssertEqual(result.radiosActivated, ["r2", "r3", "r1", "r2"])
    XCTAssertEqual(result.brokenRadioGroupLines, [])
  }

  /// A check menu item's accelerator (View > Degrees, Ctrl+D) pressed 5
  /// times about 80 ms apart (xdotool's own 12 ms per key and chord, plus
  /// the sleeps): 5 flips without the module and under lag (a toggle,
  /// skipped), 1 under bounce (judged, at a shortcut's 120 ms pace), the
  /// item's state agreeing with the app's.
  func testACheckMenuItemIsJudgedUnderBounce() throws {
    let chords: (FixtureApp) -> Void = { $0.pressHeld("ctrl+d", count: 5, holdMs: 10, periodMs: 30) }
    let without = try run(rules: nil, withModule: false, chords)
    XCTAssertEqual(without.result.final["degrees"], "5")
    let lag = try run(rules: nil, chords)
    XCTAssertEqual(lag.result.final["degrees"], "5")
    let with = try run(rules: bounce, chords)
    XCTAssertEqual(with.result.final["degrees"], "1")
    XCTAssertEqual(with.result.final["degrees-active"], "1")
  }

  /// The decision lines about the switch.
  private func switchLines(_ log: URL) throws -> [[String: Any]] {
    try JSONLines.objects(in: log).filter { $0["widget"] as? String == "GtkSwitch" }
  }

  /// GTK's "Reduce animation" (`--no-animations`): the switch flips on
  /// each release.
  private let stillSwitch = ["--no-animations"]
  private func burstOnTheSwitch(delayMs: Int) -> (FixtureApp) -> Void {
    { $0.click("memory", count: 5, delayMs: delayMs, settle: 0.6) }
  }

  /// Without the module a burst flips the switch for every click GTK does
  /// not merge: 5 clicks 80 ms apart flip it 5 times with animations off,
  /// once with them on (each click restarts the ~100 ms slide), and 5
  /// clicks 150 ms apart flip it 5 times either way.
  func testWithoutTheModuleABurstOnTheSwitchFlipsItSeveralTimes() throws {
    let still = try run(rules: nil, withModule: false, arguments: stillSwitch, burstOnTheSwitch(delayMs: 80))
    XCTAssertEqual(still.result.final["memory-sets"], "5")
    let merged = try run(rules: nil, withModule: false, burstOnTheSwitch(delayMs: 80))
    XCTAssertEqual(merged.result.final["memory-sets"], "1")
    let sliding = try run(rules: nil, withModule: false, burstOnTheSwitch(delayMs: 150))
    XCTAssertEqual(sliding.result.final["memory-sets"], "5")
  }

  /// Checks one bounce run on the switch: one change reached the app's
  /// `state-set`, the switch shows what the app was told, every
  /// `notify::active` reported that state, and the log shows one accepted
  /// change and four dropped, too fast.
  private func assertOneChangeReachedTheApp(
    _ run: (result: FixtureResult, log: URL, ready: [String: String]), file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let final = run.result.final
    XCTAssertEqual(final["memory-sets"], "1", file: file, line: line)
    XCTAssertEqual(final["memory-told"], "1", file: file, line: line)
    XCTAssertEqual(final["memory-active"], final["memory-told"], "the switch shows what the app was told")
    let notified = run.result.lines.filter { $0.hasPrefix("notify-active") }
    XCTAssertFalse(notified.isEmpty, file: file, line: line)
    XCTAssertEqual(notified.filter { !$0.hasSuffix("active=1") }, [], file: file, line: line)
    let lines = try switchLines(run.log)
    XCTAssertEqual(
      lines.map { $0["outcome"] as? String }, ["accepted"] + Array(repeating: "dropped", count: 4), "\(lines)",
      file: file, line: line)
    XCTAssertEqual(
      lines.compactMap { $0["reason"] as? String }, Array(repeating: "too-fast", count: 4), file: file, line: line)
  }

  /// Under bounce a burst on the switch reaches the app once: the dropped
  /// changes never run its `state-set` handler, the switch is put back, and
  /// the restores are neither judged nor ring the bell (4 bells, one per
  /// drop). With animations on, the change comes ~100 ms after the click
  /// from the frame clock and is still the click's (clicks 150 ms apart,
  /// which GTK does not merge).
  func testUnderTheBounceProfileABurstOnTheSwitchReachesTheAppOnce() throws {
    let still = try run(rules: bounce + "feedback=bell\n", arguments: stillSwitch, burstOnTheSwitch(delayMs: 80))
    try assertOneChangeReachedTheApp(still)
    XCTAssertEqual(still.ready["bellwatch"], "1", "the fixture cannot hear the bell")
    XCTAssertEqual(still.result.final["bells"], "4")
    let sliding = try run(rules: bounce, burstOnTheSwitch(delayMs: 150))
    try assertOneChangeReachedTheApp(sliding)
  }

  /// Space pressed 5 times on the focused switch (GTK's `activate`): 5
  /// changes without the module, 1 under bounce, attributed to the key
  /// whether the change comes at once (animations off, 80 ms apart) or
  /// from the frame clock (150 ms apart).
  func testUnderTheBounceProfileSpacePressesOnTheSwitchActOnce() throws {
    for (arguments, delayMs) in [(stillSwitch, 80), ([], 150)] {
      let focused = arguments + ["--focus-memory"]
      let presses: (FixtureApp) -> Void = { $0.key("space", count: 5, delayMs: delayMs, settle: 0.6) }
      let without = try run(rules: nil, withModule: false, arguments: focused, presses)
      XCTAssertEqual(without.result.final["memory-sets"], "5", "\(arguments)")
      let with = try run(rules: bounce, arguments: focused, presses)
      XCTAssertEqual(with.result.final["memory-sets"], "1", "\(arguments)")
      XCTAssertEqual(with.result.final["memory-active"], with.result.final["memory-told"])
      let lines = try switchLines(with.log)
      XCTAssertEqual(
        lines.map { $0["outcome"] as? String }, ["accepted"] + Array(repeating: "dropped", count: 4), "\(lines)")
    }
  }

  /// The lag profile still skips switches: every click of the burst
  /// reaches the app, logged as passed, kind-skipped.
  func testUnderTheLagProfileTheSwitchPassesEveryClick() throws {
    let (result, log, _) = try run(rules: nil, arguments: stillSwitch, burstOnTheSwitch(delayMs: 80))
    XCTAssertEqual(result.final["memory-sets"], "5")
    let lines = try switchLines(log)
    XCTAssertEqual(lines.map { $0["outcome"] as? String }, Array(repeating: "passed", count: 5), "\(lines)")
    XCTAssertEqual(lines.map { $0["reason"] as? String }, Array(repeating: "kind-skipped", count: 5))
  }

  /// A widget group's `policy=guarded` judges a switch under lag too, with
  /// the same veto: a burst reaches the app once and the switch agrees.
  func testAGuardedSwitchIsJudgedUnderLagWithTheSameVeto() throws {
    let rules = "[bounce: type=GtkSwitch]\npolicy=guarded\n"
    let (result, log, _) = try run(rules: rules, arguments: stillSwitch, burstOnTheSwitch(delayMs: 80))
    XCTAssertEqual(result.final["memory-sets"], "1")
    XCTAssertEqual(result.final["memory-active"], result.final["memory-told"])
    let lines = try switchLines(log)
    XCTAssertEqual(
      lines.map { $0["outcome"] as? String }, ["accepted"] + Array(repeating: "dropped", count: 4), "\(lines)")
  }

  /// Under bounce, clicks on the switch slower than the window each act,
  /// with animations on (the change from the frame clock) and off.
  func testUnderTheBounceProfileSlowClicksOnTheSwitchAllAct() throws {
    for arguments in [[], stillSwitch] {
      let (result, log, _) = try run(rules: bounce, arguments: arguments, burstOnTheSwitch(delayMs: 400))
      XCTAssertEqual(result.final["memory-sets"], "5", "\(arguments)")
      XCTAssertEqual(result.final["memory-active"], result.final["memory-told"])
      XCTAssertEqual(
        try switchLines(log).map { $0["outcome"] as? String }, Array(repeating: "accepted", count: 5), "\(arguments)")
    }
  }

  /// A double-click on "beta" in the entry, then in the text view, selects
  /// it (characters 6 to 10) in each: the module eats no button press.
  /// (The text view's selection takes PRIMARY, which clears the entry's:
  /// the entry's is read from its `selection` line.)
  func testADoubleClickInAnEntryOrATextViewSelectsTheWordUnderBounce() throws {
    let (result, _, _) = try run(rules: bounce) { app in
      app.doubleClick("word", count: 1, gapMs: 0)
      app.doubleClick("textword", count: 1, gapMs: 0)
    }
    XCTAssertTrue(result.lines.contains("selection 6 10"), "\(result.lines)")
    XCTAssertEqual(result.final["textselection"], "6,10")
  }

  /// `feedback=bell` rings the bell once per dropped click (the X server's
  /// XKB BellNotify, heard by the fixture); never for accepted or passed
  /// clicks, and never without it.
  func testFeedbackBellRingsOncePerDroppedClick() throws {
    let ringing = try run(rules: bounce + "feedback=bell\n") { $0.click("seven", count: 5, delayMs: 80) }
    XCTAssertEqual(ringing.ready["bellwatch"], "1", "the fixture cannot hear the bell")
    XCTAssertEqual(ringing.result.final["toggled"], "1")
    XCTAssertEqual(ringing.result.final["bells"], "4")
    let silent = try run(rules: bounce) { $0.click("seven", count: 5, delayMs: 80) }
    XCTAssertEqual(silent.result.final["bells"], "0")
    // Under lag the toggle's clicks pass: no bell.
    let passing = try run(rules: "[default]\nfeedback=bell\n") { $0.click("seven", count: 5, delayMs: 80) }
    XCTAssertEqual(passing.result.final["toggled"], "5")
    XCTAssertEqual(passing.result.final["bells"], "0")
  }
}
