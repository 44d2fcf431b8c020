// The module on Wayland: the C and PyGObject fixture apps (never compiled
// with ClickGuard) shown with GDK's Wayland backend on a headless mutter
// (WaylandCompositor), real pointer and keyboard input injected through the
// compositor, each case run without the module and with it.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class WaylandModuleTests: XCTestCase {
  private var compositor: WaylandCompositor?

  override func setUpWithError() throws {
    compositor = try WaylandCompositor()
  }

  override func tearDown() {
    compositor?.stop()
    compositor = nil
  }

  /// Runs `program` without the module, then with it, doing `drive` in
  /// each, and prints both `final` lines (the counts in docs/module.md).
  private func runBoth(
    program: FixtureProgram = .clickcount, arguments: [String] = [], environment: [String: String] = [:],
    unguarded: [String: String] = [:], _ drive: (WaylandApp) throws -> Void
  ) throws -> (without: FixtureResult, with: FixtureResult) {
    let compositor = try XCTUnwrap(compositor)
    let plain = try WaylandApp(
      on: compositor, modules: nil, environment: unguarded, arguments: arguments, program: program)
    try drive(plain)
    let without = plain.finish()
    let app = try WaylandApp(
      on: compositor, modules: try ModuleHarness.modulePath(), environment: environment, arguments: arguments,
      program: program)
    try drive(app)
    let with = app.finish()
    XCTAssertEqual(with.glibProblems, [], app.stderrText)
    let final = { (result: FixtureResult) in result.lines.last { $0.hasPrefix("final ") } ?? "no final line" }
    print("Wayland \(name) without the module: \(final(without))\nWayland \(name) with the module: \(final(with))")
    return (without, with)
  }

  /// Five clicks 80 ms apart on Count.
  func testAMouseBurstOnAButtonRunsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in try app.click("count", count: 5) }
    XCTAssertEqual(without.clicked, 5, "without the module every click runs")
    XCTAssertEqual(with.clicked, 1)
  }

  /// Clicks Count once (it takes the focus), waits out the interval, then
  /// presses `key` five times, 80 ms apart.
  private func assertKeyBurstRunsOnce(_ key: String, line: UInt = #line) throws {
    let (without, with) = try runBoth { app in
      try app.click("count", settle: 0.7)
      try app.key(key, count: 5)
    }
    XCTAssertEqual(without.clicked.map { $0 - 1 }, 5, "without the module every \(key) runs", line: line)
    XCTAssertEqual(with.clicked.map { $0 - 1 }, 1, line: line)
  }

  func testASpaceBurstOnAButtonRunsOnceWithTheModule() throws {
    try assertKeyBurstRunsOnce("space")
  }

  func testAReturnBurstOnAButtonRunsOnceWithTheModule() throws {
    try assertKeyBurstRunsOnce("Return")
  }

  /// File > Export's accelerator, Ctrl+E five times 80 ms apart.
  func testAMenuAcceleratorBurstRunsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in try app.key("ctrl+e", count: 5) }
    XCTAssertEqual(without.exported, 5, "without the module every press exports")
    XCTAssertEqual(with.exported, 1)
  }

  /// Return five times, 80 ms apart, on a GtkListBox row (activations.py).
  func testAListRowActivatedByReturnRunsOnceWithTheModule() throws {
    let (without, with) = try runBoth(program: .activations) { app in
      try app.click("row2")  // single-click activation is off: the click moves the cursor
      try app.key("Return", count: 5)
    }
    XCTAssertEqual(without.rows, [0, 5, 0], "without the module every press activates the row")
    XCTAssertEqual(with.rows, [0, 1, 0])
  }

  /// Two bursts of three clicks 60 ms apart, 500 ms between them, with a
  /// 200 ms interval: the second burst's first click is deliberate and acts.
  func testAClickAfterTheIntervalActsAgain() throws {
    let (without, with) = try runBoth(environment: ["CLICKGUARD_INTERVAL_MS": "200"]) { app in
      try app.click("count", count: 3, delayMs: 60, settle: 0.5)
      try app.click("count", count: 3, delayMs: 60, settle: 0.5)
    }
    XCTAssertEqual(without.clicked, 6)
    XCTAssertEqual(with.clicked, 2, "one for each burst")
  }

  /// Five clicks 100 ms apart, processed after the 700 ms stall the first
  /// one's action causes (`CLICKGUARD_STALL_MS`): judged by the
  /// compositor's event times, the four queued behind the stall are the
  /// same burst. In observe mode (the same stall, nothing dropped) all five
  /// act.
  func testClicksQueuedBehindAStallActOnceByTheirEventTimes() throws {
    let log = ModuleHarness.scratch.appendingPathComponent("wayland-stall-\(UUID().uuidString).jsonl")
    let stall = ["CLICKGUARD_STALL_MS": "700"]
    let observed = try XCTUnwrap(compositor)
    let plain = try WaylandApp(
      on: observed, modules: try ModuleHarness.modulePath(),
      environment: stall.merging(["CLICKGUARD_MODE": "observe"]) { $1 })
    try plain.click("count", count: 5, delayMs: 100, settle: 1.0)
    let unguarded = plain.finish()
    XCTAssertEqual(unguarded.clicked, 5, "unguarded, every click queued behind the stall acts")
    XCTAssertGreaterThanOrEqual(unguarded.maxGap ?? 0, 650)

    let app = try WaylandApp(
      on: observed, modules: try ModuleHarness.modulePath(),
      environment: stall.merging(["CLICKGUARD_LOG": log.path]) { $1 })
    try app.click("count", count: 5, delayMs: 100, settle: 1.0)
    let guarded = app.finish()
    print("Wayland \(name): observe mode clicked=\(unguarded.clicked ?? -1), enforce clicked=\(guarded.clicked ?? -1)")
    XCTAssertEqual(guarded.clicked, 1)
    XCTAssertGreaterThanOrEqual(guarded.maxGap ?? 0, 650, "the stall ran")
    let records = try JSONLines.objects(in: log).filter { $0["label"] as? String == "Count" }
    XCTAssertEqual(records.map { $0["outcome"] as? String }, ["accepted"] + Array(repeating: "dropped", count: 4))
    let times = records.compactMap { $0["event_time"] as? Int }
    XCTAssertEqual(times.count, 5, "every decision carries the compositor's event time")
    if let first = times.first, let last = times.last {
      XCTAssertLessThan(last - first, 700, "the clicks were made within the stall, by their event times")
    }
  }

  /// A `clicked` handler that pumps a nested main loop for 1.5 s; ten
  /// clicks 80 ms apart.
  func testAHandlerWithANestedLoopStaysAtDepthOneWithTheModule() throws {
    let (without, with) = try runBoth(arguments: ["--pump-ms", "1500"]) { app in
      try app.click("count", count: 10, settle: 2.0)
    }
    XCTAssertGreaterThan(without.maxDepth ?? 0, 1, "without the module the burst re-enters the handler")
    XCTAssertEqual(with.clicked, 1)
    XCTAssertEqual(with.maxDepth, 1)
  }

  // MARK: The fresh-content fence (Fixtures/fence.py)

  /// How many `name N` lines the fixture printed so far.
  private func count(_ name: String, in app: WaylandApp) -> Int {
    app.app.stdoutLines.filter { $0.hasPrefix(name + " ") }.count
  }

  /// Five clicks 90 ms apart on "Next page", whose handler switches the
  /// notebook to a page with "Page action" at the same spot; later a
  /// deliberate click on it.
  func testANotebookPageSwitchedUnderTheBurstNeverTakesItsClicksWithTheModule() throws {
    let compositor = try XCTUnwrap(compositor)
    let plain = try WaylandApp(on: compositor, modules: nil, program: .fence)
    try plain.click("next", count: 5, delayMs: 90, settle: 1.0)
    let unguarded = plain.finish()
    XCTAssertEqual(unguarded.final["paged"], "1")
    XCTAssertGreaterThanOrEqual(
      Int(unguarded.final["page-action"] ?? "") ?? 0, 1, "without the module the burst spills over")

    let app = try WaylandApp(on: compositor, modules: try ModuleHarness.modulePath(), program: .fence)
    try app.click("next", count: 5, delayMs: 90, settle: 1.0)
    XCTAssertEqual(count("paged", in: app), 1)
    XCTAssertEqual(count("page-action", in: app), 0, "the clicks meant for Next page reached the new page")
    try app.click("next", settle: 0.6)  // a deliberate click on the new page's button
    let guarded = app.finish()
    print(
      "Wayland \(name): page-action without the module \(unguarded.final["page-action"] ?? "?"), with it (burst, then one deliberate click) \(guarded.final["page-action"] ?? "?")"
    )
    XCTAssertEqual(guarded.final["page-action"], "1", app.stderrText)
    XCTAssertEqual(guarded.glibProblems, [], app.stderrText)
  }

  /// Return five times, 90 ms apart, on the focused "Delete…": the first
  /// opens a modal dialog whose entry has the focus and whose default
  /// button takes Return. Typing after the settle time, and a deliberate
  /// Return, work.
  func testReturnsMeantForTheOpenerNeverConfirmTheDialogWithTheModule() throws {
    let compositor = try XCTUnwrap(compositor)
    let plain = try WaylandApp(on: compositor, modules: nil, program: .fence)
    try plain.key("Return", count: 5, delayMs: 90, settle: 1.0)
    let unguarded = plain.finish()
    XCTAssertGreaterThanOrEqual(
      Int(unguarded.final["confirmed"] ?? "") ?? 0, 1, "without the module the Returns confirm the dialog")

    let app = try WaylandApp(on: compositor, modules: try ModuleHarness.modulePath(), program: .fence)
    try app.key("Return", count: 5, delayMs: 90, settle: 1.0)
    XCTAssertEqual(count("opened", in: app), 1)
    XCTAssertEqual(count("confirmed", in: app), 0, "the Returns meant for Delete… confirmed the dialog")
    try app.type("hello")
    try app.key("Return", settle: 0.5)
    let guarded = app.finish()
    print(
      "Wayland \(name): confirmed without the module \(unguarded.final["confirmed"] ?? "?"), with it (burst, then a deliberate Return) \(guarded.final["confirmed"] ?? "?")"
    )
    XCTAssertEqual(guarded.final["confirmed"], "1", app.stderrText)
    XCTAssertEqual(guarded.text, "hello", "typing into the dialog's entry after the settle time")
  }

  /// Five double-clicks 0.9 s apart on a tree view row (each one a
  /// double-click to GTK, by the compositor's event times) within a 5 s
  /// interval: every one activates the row without the module, one with it.
  func testABurstOfDoubleClicksOnATreeRowActivatesItOnceWithTheModule() throws {
    let (without, with) = try runBoth(program: .activations, environment: ["CLICKGUARD_INTERVAL_MS": "5000"]) { app in
      try app.doubleClick("tree1", count: 5, gapMs: 900)
    }
    XCTAssertEqual(without.treeRows, [5, 0])
    XCTAssertEqual(with.treeRows, [1, 0])
  }

  // MARK: Held keys: GTK's own repeats on Wayland

  /// Return held down 1.5 s on a list row: GTK repeats it (on Wayland the
  /// client makes the repeats); with the module the row acts once, like a
  /// held Return on a button.
  func testReturnHeldOnAListRowActivatesItOnceWithTheModule() throws {
    let (without, with) = try runBoth(program: .activations) { app in
      try app.click("row1")
      try app.hold("Return", seconds: 1.5)
    }
    XCTAssertGreaterThan(without.rows.first ?? 0, 3, "the held key repeats")
    XCTAssertEqual(with.rows, [1, 0, 0])
  }

  /// Ctrl+Z held 2.5 s undoes again and again, a repeat made on purpose:
  /// about as often with the module as without.
  func testAHeldAcceleratorKeepsRepeatingWithTheModule() throws {
    let (without, with) = try runBoth { app in try app.hold("ctrl+z", seconds: 2.5) }
    let plain = without.undone ?? 0
    XCTAssertGreaterThan(plain, 10, "GTK repeats a held key")
    XCTAssertGreaterThan(with.undone ?? 0, 10)
    XCTAssertLessThanOrEqual(abs((with.undone ?? 0) - plain), max(5, plain / 5), "about as many as without")
  }

  // MARK: Popups and grabs

  /// Press on the File menu (an xdg_popup with a grab on Wayland), drag
  /// down, let go on Export: the press came before the menu was shown, and
  /// the item acts once, with the module as without it.
  func testPressAndDragSelectionInAMenuActsWithTheModule() throws {
    let (without, with) = try runBoth { app in try app.drag(from: "file", dx: 10, dy: 30) }
    XCTAssertEqual(without.exported, 1, "the item under the release acts")
    XCTAssertEqual(with.exported, without.exported)
  }

  /// Five clicks 90 ms apart on "Pop…", whose handler pops up a popover
  /// with its "Pop action" button under the pointer; later a deliberate
  /// click on it.
  func testAPopoverOpenedUnderTheBurstNeverTakesItsClicksWithTheModule() throws {
    let compositor = try XCTUnwrap(compositor)
    let plain = try WaylandApp(on: compositor, modules: nil, program: .fence)
    try plain.click("pop", count: 5, delayMs: 90, settle: 1.0)
    let unguarded = plain.finish()
    XCTAssertEqual(unguarded.final["popped"], "1")
    XCTAssertGreaterThanOrEqual(
      Int(unguarded.final["pop-action"] ?? "") ?? 0, 1, "without the module the burst spills over")

    let app = try WaylandApp(on: compositor, modules: try ModuleHarness.modulePath(), program: .fence)
    try app.click("pop", count: 5, delayMs: 90, settle: 1.0)
    XCTAssertEqual(count("popped", in: app), 1)
    XCTAssertEqual(count("pop-action", in: app), 0, "the clicks meant for Pop… reached the popover")
    try app.click("pop", settle: 0.6)  // a deliberate click on the popover's button
    let guarded = app.finish()
    print(
      "Wayland \(name): pop-action without the module \(unguarded.final["pop-action"] ?? "?"), "
        + "with it (burst, then one deliberate click) \(guarded.final["pop-action"] ?? "?")")
    XCTAssertEqual(guarded.final["pop-action"], "1", app.stderrText)
    XCTAssertEqual(guarded.glibProblems, [], app.stderrText)
  }

  // MARK: The settings source

  /// GTK on Wayland takes gtk-modules from the org.gtk.Settings D-Bus
  /// service (gsd-xsettings on GNOME), not XSETTINGS: with the service
  /// naming the module, an app started without GTK3_MODULES is guarded
  /// (five clicks act once; five times before the service runs), and
  /// `clickguard doctor` names the backend and that source.
  func testGtkModulesFromTheOrgGtkSettingsServiceGuardAWaylandApp() throws {
    let compositor = try XCTUnwrap(compositor)
    let module = try ModuleHarness.modulePath()
    let plain = try WaylandApp(on: compositor, modules: nil)
    try plain.click("count", count: 5)
    let unguarded = plain.finish()
    XCTAssertEqual(unguarded.clicked, 5, "no service, no GTK3_MODULES: no ClickGuard")

    let service = try compositor.startSettingsService(modules: module)
    defer { service.close() }
    let app = try WaylandApp(on: compositor, modules: nil)
    // GDK reads the service's properties asynchronously: the module may be
    // loaded a moment after the window shows, so wait until it is mapped.
    try app.waitForModule(module)
    try app.click("count", count: 5)
    let guarded = app.finish()
    print("Wayland \(name): clicked without the service \(unguarded.clicked ?? -1), with it \(guarded.clicked ?? -1)")
    XCTAssertEqual(guarded.clicked, 1, "the service's Modules loaded ClickGuard\n\(app.stderrText)")

    var environment: [String: [UInt8]?] = ["DISPLAY": nil, "GTK3_MODULES": nil, "GTK_MODULES": nil]
    for (name, value) in compositor.appEnvironment { environment[name] = Array(value.utf8) }
    let doctor = try RawCommand.clickguard([Array("doctor".utf8)], environment: environment, timeout: 20)
    let display = compositor.displayName
    XCTAssertTrue(doctor.text.contains("GDK_BACKEND=wayland, WAYLAND_DISPLAY=\(display)"), doctor.text)
    XCTAssertTrue(doctor.text.contains("GDK opens \(display): Wayland"), doctor.text)
    XCTAssertTrue(doctor.text.contains("come from the org.gtk.Settings D-Bus service"), doctor.text)
    XCTAssertTrue(
      doctor.text.contains("display \(display): gtk-modules=\(module) (the org.gtk.Settings service's Modules"),
      doctor.text)
    XCTAssertTrue(doctor.text.contains("ClickGuard is switched on by the display's gtk-modules"), doctor.text)
  }
}
