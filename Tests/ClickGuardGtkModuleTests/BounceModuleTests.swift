// The bounce profile in a galculator-like C GTK 3 app (Fixtures/bounce.c)
// with the module, driven by real X input under Xvfb: a tremor's burst on a
// toggle-button digit types one digit (five without the module, five under
// the default lag profile), presses slower than the window all act, and
// deliberate double-clicks (a tree row, a word in an entry) keep working;
// `feedback=bell` rings the X server's bell once per dropped click.

import ClickGuardTestSupport
import Foundation
import XCTest

final class BounceModuleTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
  }

  /// Runs `program` (the bounce fixture unless given) with the module and
  /// a rules file of `rules` (none when `nil`), logging to a new file;
  /// `withModule: false` runs it without the module.
  private func run(
    rules: String?, withModule: Bool = true, program: FixtureProgram = .bounce, _ drive: (FixtureApp) -> Void
  ) throws -> (result: FixtureResult, log: URL, ready: [String: String]) {
    let log = ModuleHarness.scratch.appendingPathComponent("bounce-\(UUID().uuidString).jsonl")
    var environment = ["CLICKGUARD_LOG": log.path]
    if let rules {
      let url = ModuleHarness.scratch.appendingPathComponent("bounce-\(UUID().uuidString).conf")
      try rules.write(to: url, atomically: true, encoding: .utf8)
      environment["CLICKGUARD_CONFIG"] = url.path
    }
    let app = try FixtureApp(
      modules: withModule ? try ModuleHarness.modulePath() : nil, environment: environment, program: program)
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

  /// A switch is not judged under bounce either (it flips before the
  /// module sees it, and a hook cannot stop it): it is logged as passed,
  /// kind-skipped, and every click acts (Fixtures/clickcount.c).
  func testASwitchStaysPassedUnderBounce() throws {
    let (result, log, _) = try run(rules: clickcountBounce, program: .clickcount) { app in
      app.click("switch", count: 1, settle: 0.6)
      app.click("switch", count: 1, settle: 0.6)
    }
    XCTAssertEqual(result.switched, 2)
    let lines = try JSONLines.objects(in: log).filter { $0["widget"] as? String == "GtkSwitch" }
    XCTAssertEqual(lines.map { $0["outcome"] as? String }, ["passed", "passed"], "\(lines)")
    XCTAssertEqual(lines.map { $0["reason"] as? String }, ["kind-skipped", "kind-skipped"])
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
