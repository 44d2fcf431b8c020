// The fresh-content fence in a PyGObject GTK 3 app that knows nothing of
// ClickGuard (Fixtures/fence.py): a dialog, a popover, a notebook page and a
// GtkAssistant page that appear under the pointer while a burst of clicks
// (or Returns) goes on, driven by real X input under Xvfb, with and without
// the module.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class FenceModuleTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw XCTSkip("no /usr/bin/python3 (scripts/deps.sh installs python3-gi and gir1.2-gtk-3.0)")
    }
  }

  /// Starts the fence fixture, with the module when `module` is set.
  private func start(module: Bool, environment: [String: String] = [:]) throws -> FixtureApp {
    try FixtureApp(
      modules: module ? try ModuleHarness.modulePath() : nil, environment: environment, program: .fence)
  }

  /// A fresh log file path in the scratch directory.
  private func logPath() -> URL {
    ModuleHarness.scratch.appendingPathComponent("fence-\(UUID().uuidString).jsonl")
  }

  /// How many `name N` lines the fixture printed so far.
  private func count(_ name: String, in app: FixtureApp) -> Int {
    app.stdoutLines.filter { $0.hasPrefix(name + " ") }.count
  }

  /// A count from the `final` line.
  private func final(_ name: String, _ result: FixtureResult) -> Int? {
    result.final[name].flatMap { Int($0) }
  }

  /// Five clicks 90 ms apart on "Delete…", whose handler opens a modal
  /// dialog with its default button under the pointer; later, a deliberate
  /// click on that button.
  /// - Returns: how many times the burst confirmed the dialog.
  private func burstOnDelete(_ app: FixtureApp) -> Int {
    app.click("delete", count: 5, delayMs: 90, settle: 1.0)
    return count("confirmed", in: app)
  }

  func testADialogOpenedUnderTheBurstNeverTakesItsClicksWithTheModule() throws {
    let plain = try start(module: false)
    let plainBurst = burstOnDelete(plain)
    _ = plain.finish()
    XCTAssertGreaterThanOrEqual(plainBurst, 1, "without the module the burst confirms the dialog")

    let app = try start(module: true)
    let burst = burstOnDelete(app)
    XCTAssertEqual(count("opened", in: app), 1)
    XCTAssertEqual(burst, 0, "the clicks meant for Delete… confirmed the dialog")
    app.click("delete", settle: 0.6)  // a deliberate click on Confirm, after the settle time
    let result = app.finish()
    XCTAssertEqual(final("confirmed", result), 1, result.stderr)
    XCTAssertEqual(result.glibProblems, [], result.stderr)
  }

  func testANotebookPageSwitchedUnderTheBurstNeverTakesItsClicksWithTheModule() throws {
    try assertBurstIsFenced(on: "next", opening: "paged", to: "page-action")
  }

  /// "Pop…"'s handler pops up a popover with its "Pop action" button under
  /// the pointer.
  func testAPopoverOpenedUnderTheBurstNeverTakesItsClicksWithTheModule() throws {
    try assertBurstIsFenced(on: "pop", opening: "popped", to: "pop-action")
  }

  /// A GtkAssistant page's "Next step" moves on to a page with its "Step
  /// action" button at the same spot.
  func testAnAssistantPageShownUnderTheBurstNeverTakesItsClicksWithTheModule() throws {
    try assertBurstIsFenced(on: "step", opening: "stepped", to: "step-action", arguments: ["--assistant"])
  }

  /// Five clicks 90 ms apart on `opener`, whose handler shows content with
  /// a button under the pointer: without the module the burst reaches that
  /// button (counted as `action`), with it not; a deliberate click after
  /// the settle time does, once.
  /// - Parameters:
  ///   - opener: the widget clicked.
  ///   - shown: the fixture's count of the opener's clicks.
  ///   - action: the fixture's count of the new content's button.
  ///   - arguments: fixture arguments.
  private func assertBurstIsFenced(
    on opener: String, opening shown: String, to action: String, arguments: [String] = [],
    line: UInt = #line
  ) throws {
    let plain = try FixtureApp(modules: nil, arguments: arguments, program: .fence)
    plain.click(opener, count: 5, delayMs: 90, settle: 1.0)
    let plainResult = plain.finish()
    XCTAssertEqual(final(shown, plainResult), 1, line: line)
    XCTAssertGreaterThanOrEqual(
      final(action, plainResult) ?? 0, 1, "without the module the burst spills over", line: line)

    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), arguments: arguments, program: .fence)
    app.click(opener, count: 5, delayMs: 90, settle: 1.0)
    XCTAssertEqual(count(shown, in: app), 1, line: line)
    XCTAssertEqual(count(action, in: app), 0, "the clicks meant for \(opener) reached the new content", line: line)
    app.click(opener, settle: 0.6)  // a deliberate click on the new content's button
    let result = app.finish()
    XCTAssertEqual(final(shown, result), 1, line: line)
    XCTAssertEqual(final(action, result), 1, result.stderr, line: line)
    XCTAssertEqual(result.glibProblems, [], result.stderr, line: line)
  }

  /// Return five times, 90 ms apart, on the focused "Delete…": the first
  /// opens the dialog, whose entry has the focus and whose default button
  /// takes Return. Typing after the settle time, and a deliberate Return,
  /// work.
  func testReturnsMeantForTheOpenerNeverConfirmTheDialogWithTheModule() throws {
    let plain = try start(module: false)
    plain.key("Return", count: 5, delayMs: 90, settle: 1.0)
    let plainBurst = count("confirmed", in: plain)
    _ = plain.finish()
    XCTAssertGreaterThanOrEqual(plainBurst, 1, "without the module the Returns confirm the dialog")

    let app = try start(module: true)
    app.key("Return", count: 5, delayMs: 90, settle: 1.0)
    XCTAssertEqual(count("opened", in: app), 1)
    XCTAssertEqual(count("confirmed", in: app), 0, "the Returns meant for Delete… confirmed the dialog")
    app.type("hello")
    app.key("Return", count: 1, settle: 0.5)
    let result = app.finish()
    XCTAssertEqual(final("confirmed", result), 1)
    XCTAssertEqual(result.text, "hello", "typing into the dialog's entry after the settle time")
  }

  /// Press on a menu bar's "File" (its menu opens on the press), drag to
  /// "Beta", release; the same on a combo box: with the module as without.
  func testPressAndDragSelectionInMenusAndComboBoxesStillWorks() throws {
    for module in [false, true] {
      let app = try start(module: module)
      drag(app, from: "menu", to: "menu-shown beta")
      drag(app, from: "combo", to: "combo-shown three")
      let result = app.finish()
      XCTAssertEqual(final("menu", result), 1, "menu, module: \(module)\n\(result.stderr)")
      XCTAssertEqual(final("combo", result), 1, "combo, module: \(module)\n\(result.stderr)")
    }
  }

  /// Presses the pointer on `widget`, waits for the fixture's `line`
  /// naming where the popped-up item is, moves there and releases.
  private func drag(_ app: FixtureApp, from widget: String, to line: String) {
    guard let (x, y) = app.positions[widget] else { return XCTFail("no \(widget)") }
    XDoTool.run(["mousemove", "0", "0"])
    XDoTool.run(["mousemove", String(x), String(y)])
    usleep(200_000)
    XDoTool.run(["mousedown", "1"])
    var item: [Int] = []
    let deadline = Date().addingTimeInterval(5)
    while item.count != 2, Date() < deadline {
      usleep(50_000)
      if let found = app.stdoutLines.last(where: { $0.hasPrefix(line + "=") }) {
        item = found.split(separator: "=").last.map { $0.split(separator: ",").compactMap { Int($0) } } ?? []
      }
    }
    guard item.count == 2 else {
      XDoTool.run(["mouseup", "1"])
      return XCTFail("the fixture never printed \(line)")
    }
    usleep(300_000)
    XDoTool.run(["mousemove", String(item[0]), String(item[1] - 8)])
    usleep(100_000)
    XDoTool.run(["mousemove", String(item[0]), String(item[1])])
    usleep(300_000)
    XDoTool.run(["mouseup", "1"])
    usleep(500_000)
  }

  func testFenceDropsAreLoggedWithTheirReasonAndContent() throws {
    let log = logPath()
    let app = try start(module: true, environment: ["CLICKGUARD_LOG": log.path])
    app.click("next", count: 5, delayMs: 90, settle: 1.0)
    app.click("delete", count: 5, delayMs: 90, settle: 1.0)
    _ = app.finish()
    let drops = try JSONLines.objects(in: log).filter { $0["outcome"] as? String == "fence-drop" }
    XCTAssertEqual(drops.count, 8, "four presses each on the new page and the dialog")
    let reasons = Set(["predates-page", "transition", "settling", "continuing-burst"])
    for drop in drops {
      XCTAssertTrue(reasons.contains(drop["reason"] as? String ?? ""), "\(drop)")
      XCTAssertEqual(drop["action"] as? String, "press")
      XCTAssertNotNil(drop["event_time"] as? Int)
    }
    XCTAssertEqual(
      drops.filter { $0["content"] as? String == "GtkDialog" }.map { $0["label"] as? String }.first, "Confirm")
    XCTAssertEqual(drops.filter { $0["label"] as? String == "Page action" }.count, 4)
  }

  func testObserveModeLogsWouldBeDropsAndDropsNothing() throws {
    let log = logPath()
    let app = try start(module: true, environment: ["CLICKGUARD_MODE": "observe", "CLICKGUARD_LOG": log.path])
    app.click("next", count: 5, delayMs: 90, settle: 1.0)
    let result = app.finish()
    XCTAssertGreaterThanOrEqual(final("page-action", result) ?? 0, 1, "observe mode dropped a press")
    let outcomes = try JSONLines.objects(in: log).compactMap { $0["outcome"] as? String }
    XCTAssertTrue(outcomes.contains("would-fence-drop"), "\(outcomes)")
    XCTAssertFalse(outcomes.contains("fence-drop"))
  }

  /// A settle time of 0: only presses made before the page appeared are
  /// fenced, and the burst's later clicks (made after it) reach it.
  func testTheSettleVariableSetsTheSettleTime() throws {
    let app = try start(module: true, environment: ["CLICKGUARD_SETTLE_MS": "0"])
    app.click("next", count: 5, delayMs: 90, settle: 1.0)
    let result = app.finish()
    XCTAssertGreaterThanOrEqual(final("page-action", result) ?? 0, 1, "no settle time: the later clicks act")
  }

  func testTheFenceVariableTurnsItOff() throws {
    let log = logPath()
    let app = try start(module: true, environment: ["CLICKGUARD_FENCE": "off", "CLICKGUARD_LOG": log.path])
    app.click("next", count: 5, delayMs: 90, settle: 1.0)
    let result = app.finish()
    XCTAssertGreaterThanOrEqual(final("page-action", result) ?? 0, 1, "the fence is off: the burst spills over")
    let outcomes = try JSONLines.objects(in: log).compactMap { $0["outcome"] as? String }
    XCTAssertFalse(outcomes.contains { $0.hasSuffix("fence-drop") }, "\(outcomes)")
  }
}
