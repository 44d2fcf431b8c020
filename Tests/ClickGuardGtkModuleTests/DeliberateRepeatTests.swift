// A person's repeats in real Debian 12 GTK 3 apps (issue 37), each run
// without and with the module (enforce, the default profile) with real X
// input under Xvfb: a calculator key pressed again types again, toolbar Undo
// pressed again undoes again, while a bounce on the same key, and a bounced
// GtkAction accelerator (GtkUIManager), still act once. Every run prints a
// `realapp:` line with both figures; a pace that matters is checked on the
// event times the module logged, so a loaded machine that stretched a
// bounce into a person's pace fails with a clear message, not a wrong one.
//
// Positions are offsets from the window's origin in the apps' default
// layouts under Xvfb with no window manager, measured on screenshots:
// qalculate-gtk 4.5 with its keypad shown (782×514), pluma 1.26 (650×500).

import ClickGuardTestSupport
import Foundation
import XCTest

final class DeliberateRepeatTests: XCTestCase {
  override class func setUp() {
    super.setUp()
    RealApp.holdDisplay()
  }

  override class func tearDown() {
    RealApp.releaseDisplay()
    super.tearDown()
  }

  /// Skips unless the display answers and `programs` are installed.
  private func require(_ programs: [String]) throws {
    try RealApp.require([])
    let missing = programs.filter { !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0) }
    guard missing.isEmpty else {
      throw XCTSkip("not installed: \(missing.joined(separator: " ")) (scripts/deps.sh installs them)")
    }
  }

  /// Starts `command` and waits for its window named `window`, then 0.8 s
  /// more (past the fence's settle time).
  private func launch(_ command: [String], module: Bool, window: String) throws -> (app: RealApp, window: String) {
    let app = try RealApp(command, module: module)
    guard let id = app.waitForWindow(window) else {
      app.stop()
      throw HarnessError("\(command[0]) showed no window named \(window) in 15 s; it printed:\n\(app.output)")
    }
    usleep(800_000)
    return (app, id)
  }

  private func report(_ without: Any, _ with: Any) {
    print("realapp: \(name) without=\(without) with=\(with)")
  }

  /// The module's judged decisions of widgets or actions whose label or
  /// accessible name is `name`: (outcome, reason, event time).
  private func decisions(of app: RealApp, named name: String) -> [(String, String?, Int?)] {
    guard let objects = try? JSONLines.objects(in: app.logURL) else { return [] }
    return objects.filter { ($0["accessible"] as? String) == name || ($0["label"] as? String) == name }
      .filter { ($0["outcome"] as? String) != "passed" }
      .map { ($0["outcome"] as? String ?? "?", $0["reason"] as? String, $0["event_time"] as? Int) }
  }

  /// The gaps (ms) between the event times of `decisions`.
  private func gaps(_ decisions: [(String, String?, Int?)]) -> [Int] {
    let times = decisions.compactMap(\.2)
    return zip(times.dropFirst(), times).map { $0 - $1 }
  }

  // MARK: qalculate-gtk: a keypad

  /// qalculate-gtk's keys, from the window's origin, with the keypad shown.
  private enum Qalculate {
    static let one = (x: 508, y: 435)
    static let zero = (x: 508, y: 480)
    static let seven = (x: 508, y: 343)
    static let clear = (x: 743, y: 297)
    /// The arrow that shows the number keys, from the window's right edge.
    static let showKeys = (dxFromRight: 21, y: 388)
  }

  /// Starts qalculate-gtk with its number keys shown.
  private func qalculate(module: Bool) throws -> (app: RealApp, window: String) {
    let (app, window) = try launch(["qalculate-gtk"], module: module, window: "^Qalculate!$")
    var frame = app.geometry(of: window)
    if frame.width < 700 {
      app.click(x: frame.x + frame.width - Qalculate.showKeys.dxFromRight, y: frame.y + Qalculate.showKeys.y)
      _ = app.wait(timeout: 3) { app.geometry(of: window).width >= 700 }
      usleep(800_000)
      frame = app.geometry(of: window)
    }
    guard frame.width >= 700 else {
      app.stop()
      throw HarnessError("qalculate-gtk did not show its number keys (window \(frame.width) wide)")
    }
    return (app, window)
  }

  /// Clicks AC, then `first` once, then `repeated` `count` times `gapMs`
  /// apart, and reads the expression back.
  private func typeOnQalculate(
    _ app: RealApp, window: String, first: (x: Int, y: Int)?, repeated: (x: Int, y: Int), count: Int, gapMs: Int
  ) -> String {
    let frame = app.geometry(of: window)
    app.click(x: frame.x + Qalculate.clear.x, y: frame.y + Qalculate.clear.y)
    usleep(800_000)
    if let first {
      app.click(x: frame.x + first.x, y: frame.y + first.y)
      usleep(800_000)
    }
    app.click(x: frame.x + repeated.x, y: frame.y + repeated.y, count: count, delayMs: gapMs)
    usleep(900_000)
    app.focus(window)
    return app.copyAll().trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// "1", then "0" three times 150, 250 and 300 ms apart: `1000` each time,
  /// with the module as without it. The zeros' event gaps are checked: a
  /// person's pace, not a bounce.
  func testQalculateTypesEveryZeroOfAPersonsRepeats() throws {
    try require(["qalculate-gtk"])
    var results: [Bool: [String]] = [:]
    for module in [false, true] {
      let (app, window) = try qalculate(module: module)
      defer { app.stop() }
      for gap in [150, 250, 300] {
        results[module, default: []].append(
          typeOnQalculate(app, window: window, first: Qalculate.one, repeated: Qalculate.zero, count: 3, gapMs: gap))
      }
      if module {
        let zeros = decisions(of: app, named: "0")
        XCTAssertEqual(zeros.count, 9, app.diagnosis)
        for (index, burst) in stride(from: 0, to: min(zeros.count, 9), by: 3).enumerated() {
          let burstGaps = gaps(Array(zeros[burst..<burst + 3]))
          XCTAssertTrue(burstGaps.allSatisfy { $0 >= 120 }, "burst \(index) was made at \(burstGaps) ms")
          XCTAssertEqual(zeros[burst + 1].1, "person-repeat", app.diagnosis)
        }
      }
    }
    report(results[false] ?? [], results[true] ?? [])
    XCTAssertEqual(results[false], ["1000", "1000", "1000"], "qalculate-gtk itself types every zero")
    XCTAssertEqual(results[true], results[false])
  }

  /// "7" bouncing, three clicks 40 ms apart: `777` without the module, `7`
  /// with it (dropped as too fast).
  func testQalculateTypesABouncedKeyOnce() throws {
    try require(["qalculate-gtk"])
    var results: [Bool: String] = [:]
    for module in [false, true] {
      let (app, window) = try qalculate(module: module)
      defer { app.stop() }
      results[module] = typeOnQalculate(
        app, window: window, first: nil, repeated: Qalculate.seven, count: 3, gapMs: 40)
      if module {
        let sevens = decisions(of: app, named: "7")
        let sevenGaps = gaps(sevens)
        guard sevenGaps.allSatisfy({ $0 < 100 }) else {
          return XCTFail("the bounce was made at \(sevenGaps) ms, slower than a bounce: the machine is too loaded")
        }
        // Too fast, or made before the first "7" had finished (within the
        // interval): dropped either way.
        XCTAssertEqual(sevens.map(\.0), ["accepted", "dropped", "dropped"], app.diagnosis)
      }
    }
    report(results[false] ?? "", results[true] ?? "")
    XCTAssertEqual(results[false], "777", "without the module every bounce types")
    XCTAssertEqual(results[true], "7")
  }

  // MARK: pluma: GtkUIManager's toolbar and accelerators

  /// pluma's toolbar Undo, from the window's origin.
  private static let plumaUndo = (x: 395, y: 45)

  /// Types six lines into a new pluma document, each its own undo step (a
  /// cursor move between them ends GtkSourceView's merging), clicks Undo 3
  /// times 250 ms apart and reads the text back.
  private func undoThreeTimesOnPluma(module: Bool) throws -> (text: String, app: RealApp) {
    let (app, window) = try launch(["pluma"], module: module, window: "Pluma$")
    app.focus(window)
    for line in ["a1", "b2", "c3", "d4", "e5", "f6"] {
      app.type(line)
      app.key("Return")
      usleep(300_000)
      app.key("Left Right")
      usleep(200_000)
    }
    usleep(800_000)
    let frame = app.geometry(of: window)
    app.click(x: frame.x + Self.plumaUndo.x, y: frame.y + Self.plumaUndo.y, count: 3, delayMs: 250)
    usleep(900_000)
    app.focus(window)
    return (app.copyAll(), app)
  }

  /// pluma: toolbar Undo clicked 3 times 250 ms apart undoes three steps,
  /// with the module as without it.
  func testPlumaUndoesEveryPressOfAPersonsRepeats() throws {
    try require(["pluma"])
    let (without, plain) = try undoThreeTimesOnPluma(module: false)
    plain.stop()
    let (with, app) = try undoThreeTimesOnPluma(module: true)
    defer { app.stop() }
    let undos = decisions(of: app, named: "Undo")
    report(without.split(separator: "\n"), with.split(separator: "\n"))
    XCTAssertNotEqual(without, "a1\nb2\nc3\nd4\ne5\nf6\n", "pluma itself undoes")
    XCTAssertEqual(without.split(separator: "\n").count, 5, "three clicks undo three steps: \(without)")
    XCTAssertEqual(with, without, app.diagnosis)
    XCTAssertEqual(undos.map(\.0), ["accepted", "accepted", "accepted"], app.diagnosis)
    XCTAssertTrue(gaps(undos).allSatisfy { $0 >= 120 }, "the clicks were made at \(gaps(undos)) ms")
  }

  /// The number of pluma's new document in the window title ("Unsaved
  /// Document 4 - Pluma" after three new tabs).
  private func documentNumber(_ title: String) -> Int? {
    title.split(separator: " ").compactMap { Int($0) }.first
  }

  /// pluma: Ctrl+N bouncing, three presses 40 ms apart: three new tabs
  /// without the module, one with it, and the log shows the GtkAction
  /// "FileNew" accepted once and dropped twice as too fast.
  func testPlumaOpensOneTabForABouncedCtrlN() throws {
    try require(["pluma"])
    var documents: [Bool: Int] = [:]
    for module in [false, true] {
      let (app, window) = try launch(["pluma"], module: module, window: "Pluma$")
      defer { app.stop() }
      app.focus(window)
      app.tap("ctrl+n", count: 3, periodMs: 40, holdMs: 20)
      usleep(1_500_000)
      documents[module] = documentNumber(app.name(of: window))
      if module {
        let objects = (try? JSONLines.objects(in: app.logURL)) ?? []
        let news = objects.filter { ($0["action"] as? String) == "FileNew" }
        XCTAssertEqual(news.map { $0["outcome"] as? String }, ["accepted", "dropped", "dropped"], app.diagnosis)
        XCTAssertEqual(news.dropFirst().map { $0["reason"] as? String }, ["too-fast", "too-fast"])
        XCTAssertEqual(news.first?["widget"] as? String, "GtkAction")
        XCTAssertEqual(news.first?["source"] as? String, "shortcut")
        let times = news.compactMap { $0["event_time"] as? Int }
        let newGaps = zip(times.dropFirst(), times).map { $0 - $1 }
        XCTAssertTrue(newGaps.allSatisfy { $0 < 100 }, "the bounce was made at \(newGaps) ms")
      }
    }
    report(documents[false] ?? 0, documents[true] ?? 0)
    XCTAssertEqual(documents[false], 4, "without the module every press opens a tab")
    XCTAssertEqual(documents[true], 2, "one new tab")
  }
}
