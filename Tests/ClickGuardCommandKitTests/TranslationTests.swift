// TranslationTests: the translation template is what `make pot` makes from
// the sources now, every file that marks a string is one xgettext reads, and
// the clickguard command speaks German under a German locale and its
// English otherwise.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class TranslationTests: XCTestCase {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `make pot` into a scratch file gives po/clickguard.pot, but for the
  /// date it was made.
  func testTheTemplateIsWhatMakePotMakesNow() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xgettext") else {
      throw XCTSkip("needs gettext (scripts/deps.sh installs it)")
    }
    let made = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-\(UUID().uuidString).pot")
    defer { try? FileManager.default.removeItem(at: made) }
    let make = Process()
    make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
    make.arguments = ["-s", "--no-print-directory", "-C", Self.root.path, "pot", "POT=\(made.path)"]
    try make.run()
    make.waitUntilExit()
    XCTAssertEqual(make.terminationStatus, 0, "make pot")
    func body(_ url: URL) throws -> [Substring] {
      try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter {
        !$0.hasPrefix("\"POT-Creation-Date:")
      }
    }
    let now = try body(made)
    let committed = try body(Self.root.appendingPathComponent("po/clickguard.pot"))
    XCTAssertTrue(
      now == committed,
      "po/clickguard.pot is stale (run make po and translate what is new); new: "
        + "\(now.filter { !committed.contains($0) }.prefix(5)), gone: \(committed.filter { !now.contains($0) }.prefix(5))"
    )
  }

  /// Every source file that calls localized, localizedPlural or
  /// translatable is in po/POTFILES, so its strings reach the template.
  func testEveryFileThatMarksStringsIsInPOTFILES() throws {
    let listed = Set(
      try String(contentsOf: Self.root.appendingPathComponent("po/POTFILES"), encoding: .utf8)
        .split(separator: "\n").map(String.init))
    let sources = Self.root.appendingPathComponent("Sources")
    let marker = try Regex(#"\b(localized|localizedPlural|translatable)\(""#)
    var marking: [String] = []
    for case let path as String in FileManager.default.enumerator(atPath: sources.path) ?? .init()
    where path.hasSuffix(".swift") && !path.hasSuffix("/Localized.swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      if text.contains(marker) { marking.append("Sources/" + path) }
    }
    XCTAssertFalse(marking.isEmpty)
    XCTAssertEqual(marking.filter { !listed.contains($0) }, [], "marked strings xgettext does not read")
  }

  /// Under the German locale: `--help`, usage errors, `status`, `doctor`
  /// and `report` in German; under C, the same runs in English.
  func testTheCommandSpeaksGermanUnderAGermanLocaleAndEnglishOtherwise() throws {
    let german = try GermanTestLocale()
    defer { german.remove() }
    let config = german.root.appendingPathComponent("config")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let session: [String: String?] = [
      "XDG_CONFIG_HOME": config.path, "GSETTINGS_BACKEND": "memory", "XDG_CURRENT_DESKTOP": "", "DISPLAY": nil,
      "WAYLAND_DISPLAY": nil, "GTK3_MODULES": nil, "GTK_MODULES": nil,
    ]
    let inGerman = session.merging(german.environment.mapValues { $0 }) { $1 }
    var inEnglish = inGerman
    inEnglish["LC_ALL"] = "C"
    inEnglish["LANGUAGE"] = nil

    let help = try CommandHarness.run(["--help"], environment: inGerman)
    XCTAssertEqual(help.status, 0, help.stderr)
    XCTAssertTrue(help.stdout.contains("  --version        Die Version ausgeben und beenden"), help.stdout)
    XCTAssertTrue(help.stdout.contains("\nBefehle:\n"), help.stdout)
    XCTAssertTrue(
      help.stdout.contains(
        "Verhindert, dass wiederholte Klicks in GTK-3-Programmen dieselbe Aktion zweimal ausführen."),
      help.stdout)
    let runHelp = try CommandHarness.run(["run", "--help"], environment: inGerman)
    XCTAssertTrue(runHelp.stdout.contains("Protokollieren, was verworfen würde, nichts verwerfen"), runHelp.stdout)
    let unknown = try CommandHarness.run(["frob"], environment: inGerman)
    XCTAssertEqual(unknown.status, 2)
    XCTAssertEqual(
      unknown.stderr,
      "clickguard: unbekannter Befehl „frob“ (angenommen: run, report, doctor, enable, disable, status)\n")
    let top = try CommandHarness.run(["report", "--top"], environment: inGerman)
    XCTAssertEqual(top.stderr, "clickguard: --top: braucht einen Wert (angenommen: eine ganze Zahl von 1 bis 1000)\n")
    let status = try CommandHarness.run(["status"], environment: inGerman)
    XCTAssertTrue(status.stdout.hasPrefix("Sitzung: "), status.stdout)
    XCTAssertTrue(
      status.stdout.hasSuffix(
        "ClickGuard ist für GTK-3-Anwendungen, die von hier gestartet werden, ausgeschaltet. "
          + "Einschalten: clickguard enable.\n"), status.stdout)

    let doctor = try CommandHarness.run(["doctor"], environment: inGerman)
    XCTAssertTrue(doctor.stdout.contains("\nFür jede Anwendung eingeschaltet?\n"), doctor.stdout)
    let log = Self.root.appendingPathComponent("Tests/ClickGuardCommandKitTests/Fixtures/sample.log").path
    let report = try CommandHarness.run(["report", log], environment: inGerman)
    XCTAssertTrue(
      report.stdout.hasPrefix("ClickGuard-Bericht: 31 Entscheidungen aus \(log), 2 Programme\n"), report.stdout)
    XCTAssertTrue(
      report.stdout.contains("\nAm häufigsten wiederholt (verworfen oder würde verwerfen):\n"), report.stdout)

    let english = try CommandHarness.run(["--help"], environment: inEnglish)
    XCTAssertTrue(english.stdout.contains("  --version        Print the version and exit"), english.stdout)
    XCTAssertTrue(english.stdout.contains("\nCommands:\n"), english.stdout)
    XCTAssertEqual(
      try CommandHarness.run(["frob"], environment: inEnglish).stderr,
      "clickguard: unknown command 'frob' (accepted: run, report, doctor, enable, disable, status)\n")
    XCTAssertEqual(
      try CommandHarness.run(["report", "--top"], environment: inEnglish).stderr,
      "clickguard: --top: needs a value (accepted: a whole number from 1 to 1000)\n")
    XCTAssertTrue(
      try CommandHarness.run(["doctor"], environment: inEnglish).stdout.contains("\nSwitched on for every app?\n"))
    XCTAssertTrue(
      try CommandHarness.run(["report", log], environment: inEnglish).stdout.hasPrefix(
        "ClickGuard report: 31 decisions from \(log), 2 programs\n"))
    let englishStatus = try CommandHarness.run(["status"], environment: inEnglish)
    XCTAssertTrue(englishStatus.stdout.hasPrefix("Session: "), englishStatus.stdout)
    XCTAssertTrue(
      englishStatus.stdout.hasSuffix(
        "ClickGuard is off for GTK 3 apps started from here. On: clickguard enable.\n"), englishStatus.stdout)
  }
}
