// DemoTranslationTests: the demo under the German test locale and under C.
// Its start-up errors are in German or in English; its click timeline and
// log pane, read through AT-SPI as a screen reader reads them
// (Fixtures/timeline-probe.py under dbus-run-session) after one real click,
// are in German or in English; and its JSON log keeps the log's English
// words either way.

import ClickGuardShowcase
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class DemoTranslationTests: XCTestCase {
  private var scratch = ""

  override func setUpWithError() throws {
    scratch = NSTemporaryDirectory() + "clickguard-demo-translation-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: scratch)
  }

  /// One start-up failure: the demo's arguments, its environment, and what
  /// it prints on standard error in German and in English.
  private struct Failure {
    let arguments: [String]
    var variables: [String: String] = [:]
    var unsetting: [String] = []
    let status: Int32
    let german: String
    let english: String
  }

  /// A log file in a folder that does not exist, a screenshot that would
  /// replace a folder, resources that are not where `CLICKGUARD_RESOURCES`
  /// says, and no display: each refused in German under the German locale
  /// and in English under C.
  func testStartUpErrorsSpeakGermanUnderAGermanLocaleAndEnglishUnderC() throws {
    let german = try GermanTestLocale()
    defer { german.remove() }
    let english = german.environment.merging(["LC_ALL": "C", "LANGUAGE": ""]) { $1 }
    let log = scratch + "/missing/log.jsonl"
    let resources = scratch + "/no-resources"
    let failures = [
      Failure(
        arguments: ["--log-file", log], status: 1,
        german:
          "clickguard-demo: --log-file „\(log)“ liegt in einem Verzeichnis, das es nicht gibt (\(scratch)/missing)",
        english: "clickguard-demo: --log-file '\(log)' is in a directory that does not exist (\(scratch)/missing)"),
      Failure(
        arguments: ["--screenshot", scratch], status: 1,
        german:
          "clickguard-demo: --screenshot „\(scratch)“ ist ein Verzeichnis, keine reguläre Datei, und bleibt, wie es "
          + "ist (ein Bildschirmfoto wird als neue Datei angelegt oder ersetzt eine reguläre Datei)",
        english: "clickguard-demo: --screenshot '\(scratch)' is a directory, not a regular file, and is left as it is "
          + "(a screenshot goes to a new file or replaces a regular file)"),
      Failure(
        arguments: [], variables: ["CLICKGUARD_RESOURCES": resources], status: 1,
        german:
          "clickguard-demo: CLICKGUARD_RESOURCES=\(resources) enthält kein demo.ui; nachgesehen in: \(resources); "
          + "setzen Sie CLICKGUARD_RESOURCES auf den Ordner mit demo.ui",
        english:
          "clickguard-demo: CLICKGUARD_RESOURCES=\(resources) does not contain demo.ui; looked in: \(resources); "
          + "set CLICKGUARD_RESOURCES to the folder holding demo.ui"),
      Failure(
        arguments: [], unsetting: ["DISPLAY", "WAYLAND_DISPLAY"], status: 3,
        german: "clickguard-demo: kann keine Anzeige öffnen (DISPLAY=(nicht gesetzt)); starten Sie es in einer "
          + "Desktop-Sitzung oder unter Xvfb (xvfb-run -a)\n"
          + "clickguard-demo: `make demo` führt stattdessen eine vorgegebene Vorführung unter Xvfb aus",
        english: "clickguard-demo: cannot open a display (DISPLAY=(unset)); run under a desktop session or Xvfb "
          + "(xvfb-run -a)\nclickguard-demo: `make demo` runs a scripted showcase under Xvfb instead"),
    ]
    for failure in failures {
      for (environment, expected) in [(german.environment, failure.german), (english, failure.english)] {
        let result = try ChildProcess.runToEnd(
          binary: try DemoBinary.path(), arguments: failure.arguments,
          environment: environment.merging(failure.variables) { $1 }, unsetting: failure.unsetting)
        XCTAssertEqual(result.status, failure.status, "\(failure.arguments): \(result.stderr)")
        XCTAssertTrue(result.stderr.contains(expected), "\(expected) is not in \(result.stderr)")
      }
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: log))
  }

  /// What the probe read.
  private struct Probe: Decodable {
    let found: [String]
    let before: String?
    let description: String?
    let log: String?
  }

  /// After one click on "Open details", a screen reader reads the
  /// timeline's accessible description (what is in view, lane by lane) and
  /// the log pane's lines in German under the German locale, in English
  /// under C. The JSON log keeps its English words under both: the legend of
  /// its `timeline` line, and every line but `layout` (which gives each
  /// widget's accessible name as the reader hears it) free of the German.
  func testTheTimelineAndTheLogPaneSpeakGermanAndTheJSONLogStaysEnglish() throws {
    try XDisplay.require()
    let german = try GermanTestLocale()
    defer { german.remove() }
    let english = german.environment.merging(["LC_ALL": "C", "LANGUAGE": ""]) { $1 }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/timeline-probe.py").path
    let runs = [
      (
        "german", german.environment,
        ["Details öffnen", "Klick-Zeitleiste", "Protokoll der Entscheidungen und Seitenwechsel"],
        "Keine Klicks im Blick.", ["open-details: 1 angenommen", "; 1 Seitenwechsel."],
        ["Seitenwechsel push home → details, Tiefe 2 (durch open-details)", "gestartet (PID "]
      ),
      (
        "english", english, ["Open details", "Click timeline", "Decision and navigation log"], "No clicks in view.",
        ["open-details: 1 accepted", "; 1 navigation."],
        ["navigation push home → details, depth 2 (by open-details)", "started (pid "]
      ),
    ]
    for (name, environment, names, empty, description, logLines) in runs {
      let log = "\(scratch)/\(name).jsonl"
      let arguments =
        names + [try DemoBinary.path(), "--log-file", log, "--screenshot", "\(scratch)/\(name).png"]
      let probe = try AccessibilityProbe.run(script, arguments, environment: environment, as: Probe.self)
      XCTAssertEqual(probe.found, names.sorted(), name)
      XCTAssertEqual(probe.before, empty, name)
      for text in description {
        XCTAssertTrue(
          probe.description?.contains(text) ?? false, "\(name): \(text) is not in \(probe.description ?? "")")
      }
      for text in logLines {
        XCTAssertTrue(probe.log?.contains(text) ?? false, "\(name): \(text) is not in \(probe.log ?? "")")
      }

      let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      let timeline = try XCTUnwrap(lines.first { $0.contains(#""type":"timeline""#) }, "\(name): no timeline line")
      XCTAssertEqual(
        try TimelineSnapshot(json: String(timeline)).legend.map(\.label), TimelineLegendItem.all.map(\.label), name)
      XCTAssertTrue(lines.contains { $0.contains(#""type":"navigation""#) && $0.contains(#""move":"push""#) }, name)
      for line in lines where !line.contains(#""type":"layout""#) {
        for word in ["Seitenwechsel", "angenommen", "belegt", "Abschirmung", "Zeitleiste", "Verzögerung"] {
          XCTAssertFalse(line.contains(word), "\(name): the log says \(word): \(line)")
        }
      }
    }
  }

  /// A screenshot asked for (SIGUSR1) after the path became a directory:
  /// the warning on standard error is in German under the German locale,
  /// while the JSON log's `screenshot` line keeps the English reason.
  func testARuntimeScreenshotWarningIsInGermanAndTheLogKeepsItsEnglish() throws {
    try XDisplay.require()
    let german = try GermanTestLocale()
    defer { german.remove() }
    let target = scratch + "/shot.png"
    let (demo, failed) = try screenshotOverADirectory(
      target, logPath: scratch + "/log.jsonl", environment: german.environment)
    defer { demo.stop() }
    XCTAssertTrue(
      failed.error?.contains("'\(target)' is a directory, not a regular file, and is left as it is") ?? false,
      failed.text)
    let warning =
      "clickguard-demo: Warnung: kein Bildschirmfoto gespeichert: „\(target)“ ist ein Verzeichnis, keine reguläre "
      + "Datei, und bleibt, wie es ist (ein Bildschirmfoto wird als neue Datei angelegt oder ersetzt eine reguläre "
      + "Datei); die Demo läuft weiter"
    XCTAssertTrue(RawDemoProcess.wait(timeout: 5) { demo.output.contains(warning) }, demo.output)
  }
}
