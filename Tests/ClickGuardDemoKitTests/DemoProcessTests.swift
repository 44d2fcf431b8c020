// The built clickguard-demo as a person and a script meet it: --help, bad
// options (status 2), no display (status 3), start-up under Xvfb with every
// named widget laid out and accessible, and bursts of real clicks (xdotool)
// read back from its JSON log.

import ClickGuardShowcase
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class DemoProcessTests: XCTestCase {
  private var scratch = ""

  override func setUpWithError() throws {
    scratch = NSTemporaryDirectory() + "clickguard-demo-tests-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  }

  /// Starts the demo with `arguments` and waits for its startup layout.
  private func launch(
    _ name: String, _ arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> (DemoProcess, DemoLayout) {
    let demo = try DemoProcess(
      binary: try DemoBinary.path(), arguments: arguments, logPath: "\(scratch)/\(name).jsonl",
      environment: environment)
    guard demo.waitForLine(type: "layout", timeout: 20) != nil, let layout = demo.log.layout else {
      demo.stop()
      XCTFail("no layout line; the demo printed:\n\(demo.output)")
      throw XCTSkip("demo did not start")
    }
    return (demo, layout)
  }

  func testHelpListsEveryOptionWithItsRange() throws {
    let result = try ChildProcess.runToEnd(binary: try DemoBinary.path(), arguments: ["--help"], unsetting: ["DISPLAY"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.contains("Usage:"), result.stdout)
    for spec in OptionSpec.all {
      XCTAssertTrue(result.stdout.contains("--\(spec.name)"), spec.name)
    }
    XCTAssertTrue(result.stdout.contains("0 to 60000 ms; default 500"), result.stdout)
  }

  /// Under the German test locale `--help` gives the summary, the options'
  /// help with their ranges and defaults, and the notes in German, and a bad
  /// value is refused in German; under C, both in English.
  func testHelpAndUsageErrorsSpeakGermanUnderAGermanLocaleAndEnglishUnderC() throws {
    let german = try GermanTestLocale()
    defer { german.remove() }
    let english = german.environment.merging(["LC_ALL": "C", "LANGUAGE": ""]) { $1 }
    let runs = [
      (
        german.environment,
        [
          "Zeigt, wie ClickGuard verhindert",
          "Schutzintervall nach dem Ende einer Aktion (0 bis 60000 ms; Vorgabe 500)",
          "(einmal beim nächsten Klick) oder 100 bis 60000 ms", "Rückgabewert: 0 fertig",
        ],
        "clickguard-demo: --interval-ms: „abc“ ist keine ganze Zahl von Millisekunden (angenommen: 0 bis 60000 ms)\n"
          + "„clickguard-demo --help“ zeigt alle Optionen und ihre Bereiche."
      ),
      (
        english,
        [
          "Shows ClickGuard stopping", "Guard interval after an action finishes (0 to 60000 ms; default 500)",
          "(one-shot on the next click) or 100 to 60000 ms", "Exit status: 0 done",
        ],
        "clickguard-demo: --interval-ms: 'abc' is not a whole number of milliseconds (accepted: 0 to 60000 ms)\n"
          + "Run 'clickguard-demo --help' to see every option and its range."
      ),
    ]
    for (environment, help, refusal) in runs {
      let result = try ChildProcess.runToEnd(
        binary: try DemoBinary.path(), arguments: ["--help"], environment: environment, unsetting: ["DISPLAY"])
      XCTAssertEqual(result.status, 0)
      for text in help { XCTAssertTrue(result.stdout.contains(text), "\(text) is not in \(result.stdout)") }
      let refused = try ChildProcess.runToEnd(
        binary: try DemoBinary.path(), arguments: ["--interval-ms=abc"], environment: environment,
        unsetting: ["DISPLAY"])
      XCTAssertEqual(refused.status, 2)
      XCTAssertTrue(refused.stderr.contains(refusal), "\(refusal) is not in \(refused.stderr)")
    }
  }

  func testBadOptionsExitWithStatus2NamingTheOption() throws {
    let cases: [([String], String)] = [
      (["--interval-ms", "-5"], "--interval-ms: -5 is out of range (accepted: 0 to 60000 ms)"),
      (
        ["--interval-ms", "abc"], "--interval-ms: 'abc' is not a whole number of milliseconds (accepted: 0 to 60000 ms)"
      ),
      (["--stall-ms=20000"], "--stall-ms: 20000 is out of range (accepted: 0 to 10000 ms)"),
      (["--async-ms"], "--async-ms: needs a value"),
      (["--bogus"], "--bogus: unknown option"),
      (["--observe", "--no-guard"], "--observe: cannot be combined with --no-guard"),
    ]
    for (arguments, message) in cases {
      let result = try ChildProcess.runToEnd(binary: try DemoBinary.path(), arguments: arguments)
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
    }
  }

  /// GOption reads the command line once: `--log-file --help` gives the log
  /// file `--help`, which the demo refuses, instead of printing help in one
  /// parser and creating a file named `--help` in the other.
  func testLogFileHelpCreatesNoFileNamedHelp() throws {
    let directory = scratch + "/log-file-help"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let result = try ChildProcess.runToEnd(
      binary: try DemoBinary.path(), arguments: ["--log-file", "--help", "--quit-after-first-frame"],
      unsetting: ["DISPLAY", "WAYLAND_DISPLAY"], in: directory)
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertTrue(result.stderr.contains("--log-file: '--help' looks like an option"), result.stderr)
    XCTAssertTrue(result.stdout.isEmpty, result.stdout)
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/--help"))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
  }

  /// Help wins over what follows it; GTK's own options reach GTK, not the
  /// demo's checks.
  func testHelpOptionsAndGtkOptionsPassThrough() throws {
    for help in ["-h", "--help", "--help-all", "--help-gtk", "--help-gapplication", "-?"] {
      let result = try ChildProcess.runToEnd(
        binary: try DemoBinary.path(), arguments: [help, "--bogus"], unsetting: ["DISPLAY"])
      XCTAssertEqual(result.status, 0, "\(help): \(result.stderr)")
      XCTAssertTrue(result.stdout.contains("Usage:"), help)
    }
    let result = try ChildProcess.runToEnd(
      binary: try DemoBinary.path(),
      arguments: ["--display", ":77", "--gtk-module=foo", "--g-fatal-warnings", "--name", "x", "--interval-ms", "5"],
      unsetting: ["DISPLAY", "WAYLAND_DISPLAY"])
    XCTAssertEqual(result.status, 3, result.stderr)
    XCTAssertFalse(result.stderr.contains("unknown option"), result.stderr)
  }

  /// A display that cannot be opened is named as it was asked for: by
  /// `--display`, not `$DISPLAY`.
  func testAFailedDisplayNamesTheDisplayAskedFor() throws {
    let result = try ChildProcess.runToEnd(
      binary: try DemoBinary.path(), arguments: ["--display=:77"], environment: ["DISPLAY": ":76"],
      unsetting: ["WAYLAND_DISPLAY"])
    XCTAssertEqual(result.status, 3, result.stderr)
    XCTAssertTrue(result.stderr.contains("cannot open a display (--display=:77)"), result.stderr)
    XCTAssertFalse(result.stderr.contains(":76"), result.stderr)
  }

  func testNoDisplayExitsWith3AndSaysSo() throws {
    let result = try ChildProcess.runToEnd(
      binary: try DemoBinary.path(), arguments: [], unsetting: ["DISPLAY", "WAYLAND_DISPLAY"])
    XCTAssertEqual(result.status, 3)
    XCTAssertTrue(result.stderr.contains("cannot open a display"), result.stderr)
  }

  func testQuitAfterFirstFramePrintsTheTime() throws {
    try XDisplay.require()
    let result = try ChildProcess.runToEnd(binary: try DemoBinary.path(), arguments: ["--quit-after-first-frame"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let line = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("first-frame-ms ") })
    let ms = try XCTUnwrap(Int(line.dropFirst("first-frame-ms ".count)))
    XCTAssertGreaterThan(ms, 0)
    XCTAssertLessThan(ms, 30_000)
  }

  /// The window maps, and the layout line lists every page and named widget
  /// with its accessible name and a screen rectangle.
  func testStartupLaysOutEveryNamedWidget() throws {
    try XDisplay.require()
    let (demo, layout) = try launch("startup", ["--screenshot", "\(scratch)/startup.png"])
    defer { demo.stop() }
    XCTAssertNotEqual(layout.xid, 0)
    XCTAssertGreaterThan(layout.window.width, 600)
    XCTAssertEqual(layout.topPage, "home")
    XCTAssertEqual(layout.pages["home"], "Home page")
    XCTAssertEqual(layout.pages["details"], "Details page (details)")
    let expected = DemoWidgets.tunable + DemoWidgets.panel
    for widget in expected {
      let entry = try XCTUnwrap(layout.widgets[widget.name], widget.name)
      XCTAssertEqual(entry.accessibleName, widget.accessibleName, widget.name)
      XCTAssertEqual(entry.area, widget.area, widget.name)
      let shownAtStart = widget.area == "home" || widget.area == "panel"
      XCTAssertEqual(entry.visible, shownAtStart, widget.name)
      if shownAtStart {
        XCTAssertGreaterThan(entry.rect.width, 0, widget.name)
        XCTAssertTrue(
          entry.rect.x >= layout.window.x && entry.rect.x + entry.rect.width <= layout.window.x + layout.window.width,
          widget.name)
      }
    }
    XCTAssertEqual(layout.focus, DemoWidgets.openDetails.name, "Space and Enter act on Open details at once")
    XCTAssertEqual(layout.widgets[DemoWidgets.notificationsSwitch.name]?.active, false)
    XCTAssertEqual(layout.widgets[DemoWidgets.rememberCheck.name]?.active, false)
    XCTAssertNil(layout.widgets[DemoWidgets.openDetails.name]?.active)
    let before = demo.log.lastSeq
    demo.send(SIGUSR2)
    let requested = demo.waitForLine(type: "layout", after: before, timeout: 5) { $0.reason == "requested" }
    XCTAssertNotNil(requested, "SIGUSR2 logs another layout line")
    let start = try XCTUnwrap(demo.log.lines(ofType: "start").first)
    guard case .start(let appID, _, _, _) = start.event else { return XCTFail(start.text) }
    XCTAssertEqual(appID, "io.github.clickguard.Demo")
    let shot = try XCTUnwrap(demo.waitForLine(type: "screenshot", timeout: 5))
    XCTAssertNil(shot.error, shot.text)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(scratch)/startup.png"))
    XCTAssertEqual(demo.stop(), 0, "SIGTERM quits cleanly")
    XCTAssertEqual(demo.log.lines.last?.type, "quit")
  }

  /// Under the German test locale the window's title (from demo.ui) and the
  /// names the demo gives its pages and controls in code are po/de.po's;
  /// under C they are the English ones. Either way the window stays as wide
  /// as the smallest screen it is laid out for (ScreenFitTests).
  func testUnderAGermanLocaleTheWindowSpeaksGermanAndUnderCEnglish() throws {
    try XDisplay.require()
    let german = try GermanTestLocale()
    defer { german.remove() }
    let english = german.environment.merging(["LC_ALL": "C", "LANGUAGE": ""]) { $1 }
    let runs = [
      ("german", german.environment, ["ClickGuard-Demo", "Startseite", "Details öffnen", "Klickschutz"]),
      ("english", english, ["ClickGuard demo", "Home page", "Open details", "Click guard"]),
    ]
    for (name, environment, expected) in runs {
      let (demo, layout) = try launch("locale-\(name)", environment: environment)
      defer { demo.stop() }
      let title = ChildProcess.output(of: XInput.xdotool, ["getwindowname", String(layout.xid)]).output
      XCTAssertEqual(title.trimmingCharacters(in: .whitespacesAndNewlines), expected[0], name)
      XCTAssertEqual(layout.pages[DemoWidgets.homePage], expected[1], name)
      XCTAssertEqual(layout.widgets[DemoWidgets.openDetails.name]?.accessibleName, expected[2], name)
      XCTAssertEqual(layout.widgets["guard-switch"]?.accessibleName, expected[3], name)
      XCTAssertLessThanOrEqual(layout.window.width, 1366, name)
    }
  }

  /// Under an async load, a burst on the guarded "Open details" (and on the
  /// GAction button) navigates once; the same burst on the unguarded twin
  /// navigates again and again.
  func testBurstNavigatesOnceGuardedAndMoreThanOnceUnguarded() throws {
    try XDisplay.require()
    let controls = [
      DemoWidgets.openDetails.name, DemoWidgets.openDetailsAction.name, DemoWidgets.openDetailsUnguarded.name,
    ]
    for control in controls {
      // No transition: the navigator's transition-running refusals would make
      // the unguarded count depend on how fast frames come on a loaded machine.
      let (demo, layout) = try launch(control, ["--async-ms", "600", "--transition-ms", "0"])
      defer { demo.stop() }
      let rect = try XCTUnwrap(layout.widgets[control]?.rect)
      let start = demo.log.lastSeq
      XInput.burst(on: rect, count: 6, delayMs: 150)
      demo.waitForQuiet(quietMs: 1000)
      let outcome = demo.log.tally(after: start)[control]
      if control == DemoWidgets.openDetailsUnguarded.name {
        XCTAssertGreaterThan(outcome.navigations, 1, "\(control): \(outcome)")
        XCTAssertEqual(outcome.decisions.dropped, 0, "\(control): \(outcome)")
      } else {
        XCTAssertEqual(outcome.navigations, 1, "\(control): \(outcome)")
        XCTAssertEqual(outcome.decisions.accepted, 1, "\(control): \(outcome)")
        XCTAssertGreaterThan(outcome.decisions.dropped, 0, "\(control): \(outcome)")
      }
    }
  }

  /// The demo (an app built with ClickGuardGtk) with the ClickGuard GTK
  /// module loaded too: one guard judges — the app's own, which claims the
  /// process before GTK loads the module — so a burst navigates once with
  /// one accepted decision in the demo's log, the module writes no decision,
  /// and GLib prints no "already overridden" warning.
  func testWithTheModuleLoadedTooOneGuardJudgesAndNothingWarns() throws {
    try XDisplay.require()
    let binary = try DemoBinary.path()
    let module = URL(fileURLWithPath: binary).deletingLastPathComponent()
      .appendingPathComponent("libclickguard-gtk-module.so").path
    XCTAssertTrue(FileManager.default.fileExists(atPath: module), module)
    let moduleLog = "\(scratch)/module-decisions.jsonl"
    let control = DemoWidgets.openDetails.name
    let (demo, layout) = try launch(
      "with-module", ["--async-ms", "600", "--transition-ms", "0"],
      environment: ["GTK3_MODULES": module, "CLICKGUARD_LOG": moduleLog])
    defer { demo.stop() }
    let rect = try XCTUnwrap(layout.widgets[control]?.rect)
    let start = demo.log.lastSeq
    XInput.burst(on: rect, count: 6, delayMs: 150)
    demo.waitForQuiet(quietMs: 1000)
    let outcome = demo.log.tally(after: start)[control]
    XCTAssertEqual(outcome.navigations, 1, "\(outcome)")
    XCTAssertEqual(outcome.decisions.accepted, 1, "\(outcome)")
    XCTAssertGreaterThan(outcome.decisions.dropped, 0, "\(outcome)")
    let moduleLines = (try? String(contentsOfFile: moduleLog, encoding: .utf8)) ?? ""
    XCTAssertEqual(moduleLines, "", "the module stays idle")
    XCTAssertFalse(demo.output.contains("WARNING"), demo.output)
    XCTAssertFalse(demo.output.contains("already overridden"), demo.output)
  }

  /// With no lag, the clicks after the navigation land on the details page's
  /// button, which sits exactly where "Open details" was: the fence drops
  /// them; the switch and check button toggle freely.
  func testSpillOverIsFencedAndTogglesPassFreely() throws {
    try XDisplay.require()
    let (demo, layout) = try launch("spill-over")
    defer { demo.stop() }
    let check = try XCTUnwrap(layout.widgets[DemoWidgets.rememberCheck.name]?.rect)
    var start = demo.log.lastSeq
    XInput.burst(on: check, count: 4, delayMs: 150)
    demo.waitForQuiet(quietMs: 500)
    let toggles = demo.log.lines.filter { $0.seq > start && $0.type == "toggle" }
    XCTAssertEqual(toggles.map(\.active), [true, false, true, false])
    XCTAssertEqual(demo.log.tally(after: start)[DemoWidgets.rememberCheck.name].decisions.passed, 4)

    let open = try XCTUnwrap(layout.widgets[DemoWidgets.openDetails.name]?.rect)
    start = demo.log.lastSeq
    XInput.burst(on: open, count: 8, delayMs: 120)
    demo.waitForQuiet(quietMs: 1000)
    let tally = demo.log.tally(after: start)
    let outcome = tally[DemoWidgets.openDetails.name]
    XCTAssertEqual(outcome.navigations, 1, "\(outcome)")
    XCTAssertGreaterThan(tally.totalFenceDrops, 0, "\(tally.rendered())")
    XCTAssertEqual(tally.spillOver(excluding: DemoWidgets.openDetails.name), 0, "\(tally.rendered())")
    let shown = try XCTUnwrap(
      demo.waitForLine(type: "layout", after: start, timeout: 5) { $0.reason == "page-shown" })
    let details = try XCTUnwrap(shown.layout?.widgets["details-action"])
    XCTAssertTrue(details.visible)
    XCTAssertEqual(details.rect, open, "the details page's button sits exactly where Open details was")
  }
}
