// TranslationTests: the translation template is what `make pot` makes from
// the sources now, every file that marks a string (Swift or GtkBuilder) is
// one xgettext reads, and the clickguard command speaks German under a
// German locale and its English otherwise.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class TranslationTests: XCTestCase {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `make pot-only` (xgettext, as `make pot` runs it) into a scratch file
  /// gives po/clickguard.pot, but for the date it was made.
  func testTheTemplateIsWhatMakePotMakesNow() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xgettext") else {
      throw XCTSkip("needs gettext (scripts/deps.sh installs it)")
    }
    let made = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-\(UUID().uuidString).pot")
    defer { try? FileManager.default.removeItem(at: made) }
    let make = Process()
    make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
    make.arguments = ["-s", "--no-print-directory", "-C", Self.root.path, "pot-only", "POT=\(made.path)"]
    try make.run()
    make.waitUntilExit()
    XCTAssertEqual(make.terminationStatus, 0, "make pot-only")
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
  /// translatable, and every GtkBuilder file with a translatable property,
  /// is in po/POTFILES, so its strings reach the template.
  func testEveryFileThatMarksStringsIsInPOTFILES() throws {
    let listed = Set(
      try String(contentsOf: Self.root.appendingPathComponent("po/POTFILES"), encoding: .utf8)
        .split(separator: "\n").map(String.init))
    let swiftMarker = try Regex(#"\b(localized|localizedPlural|translatable)\(\s*""#)
    let builderMarker = try Regex(#"translatable="yes""#)
    var marking: [String] = []
    for (folder, suffix, marker) in [("Sources", ".swift", swiftMarker), ("Resources", ".ui", builderMarker)] {
      let top = Self.root.appendingPathComponent(folder)
      for case let path as String in FileManager.default.enumerator(atPath: top.path) ?? .init()
      where path.hasSuffix(suffix) && !path.hasSuffix("/Localized.swift") {
        let text = try String(contentsOf: top.appendingPathComponent(path), encoding: .utf8)
        if text.contains(marker) { marking.append(folder + "/" + path) }
      }
    }
    XCTAssertTrue(marking.contains { $0.hasSuffix(".swift") } && marking.contains { $0.hasSuffix(".ui") })
    XCTAssertEqual(marking.filter { !listed.contains($0) }, [], "marked strings xgettext does not read")
  }

  /// One run of the command and a piece of what it prints, in German and in
  /// English.
  private struct Said {
    let arguments: [String]
    /// Added to the environment.
    var variables: [String: String] = [:]
    /// Standard output (`false`) or standard error (`true`).
    var onError = false
    let german: String
    let english: String
  }

  /// Under the German locale: `--help`, usage errors, `status`, `doctor`
  /// (with the origins it names and the module's warning about a bad
  /// variable), `enable` and `disable` refusing a settings.ini they cannot
  /// write or edit, and `report` in German; under C, the same runs in
  /// English.
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
    let log = Self.root.appendingPathComponent("Tests/ClickGuardCommandKitTests/Fixtures/sample.log").path
    let badInterval = ["CLICKGUARD_INTERVAL_MS": "abc"]
    // settings.ini as a link to a file that does not exist: enable refuses
    // to write through it. A NUL byte in it: enable and disable refuse to
    // edit it.
    let linked = german.root.appendingPathComponent("linked-config")
    let linkedIni = linked.appendingPathComponent("gtk-3.0/settings.ini").path
    try FileManager.default.createDirectory(
      at: linked.appendingPathComponent("gtk-3.0"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: linkedIni, withDestinationPath: "nowhere.ini")
    let nul = german.root.appendingPathComponent("nul-config")
    let nulIni = nul.appendingPathComponent("gtk-3.0/settings.ini")
    try FileManager.default.createDirectory(
      at: nul.appendingPathComponent("gtk-3.0"), withIntermediateDirectories: true)
    try Data("[Settings]\ngtk-modules=clickguard\u{0}x\n".utf8).write(to: nulIni)
    let runs = [
      Said(
        arguments: ["--help"], german: "  --version        Die Version ausgeben und beenden\n",
        english: "  --version        Print the version and exit\n"),
      Said(arguments: ["--help"], german: "\nBefehle:\n", english: "\nCommands:\n"),
      Said(
        arguments: ["--help"],
        german: "Verhindert, dass wiederholte Klicks in GTK-3-Programmen dieselbe Aktion zweimal ausführen.",
        english: "Keeps repeated clicks from running the same action twice in GTK 3 programs."),
      Said(
        arguments: ["run", "--help"], german: "Protokollieren, was verworfen würde, nichts verwerfen",
        english: "Log what would be dropped, drop nothing"),
      Said(
        arguments: ["frob"], onError: true,
        german: "clickguard: unbekannter Befehl „frob“ (angenommen: run, report, doctor, enable, disable, status)\n",
        english: "clickguard: unknown command 'frob' (accepted: run, report, doctor, enable, disable, status)\n"),
      Said(
        arguments: ["report", "--top"], onError: true,
        german: "clickguard: --top: braucht einen Wert (angenommen: eine ganze Zahl von 1 bis 1000)\n",
        english: "clickguard: --top: needs a value (accepted: a whole number from 1 to 1000)\n"),
      Said(
        arguments: ["run", "--interval-ms=abc", "true"], onError: true,
        german:
          "clickguard: --interval-ms: „abc“ wird nicht angenommen (angenommen: ganze Millisekunden von 0 bis 60000)\n",
        english: "clickguard: --interval-ms: 'abc' is not accepted (accepted: whole milliseconds from 0 to 60000)\n"),
      Said(arguments: ["status"], german: "Sitzung: ", english: "Session: "),
      Said(
        arguments: ["status"],
        german: "ClickGuard ist für GTK-3-Anwendungen, die von hier gestartet werden, ausgeschaltet. "
          + "Einschalten: clickguard enable.\n",
        english: "ClickGuard is off for GTK 3 apps started from here. On: clickguard enable.\n"),
      Said(
        arguments: ["doctor"], german: "\nFür jede Anwendung eingeschaltet?\n",
        english: "\nSwitched on for every app?\n"),
      Said(
        arguments: ["doctor"], german: " (Build-Baum, neben clickguard)\n",
        english: " (build tree, beside clickguard)\n"),
      Said(arguments: ["doctor"], german: "  (eingebaute Vorgabe)\n", english: "  (built-in default)\n"),
      Said(
        arguments: ["doctor"], variables: badInterval,
        german: "  - CLICKGUARD_INTERVAL_MS=\"abc\" wird nicht angenommen (angenommen: ganze Millisekunden von 0 bis "
          + "60000); die Vorgabe 500 gilt\n",
        english: "  - CLICKGUARD_INTERVAL_MS=\"abc\" is not accepted (accepted: whole milliseconds from 0 to 60000); "
          + "using the default, 500\n"),
      Said(
        arguments: ["enable"], variables: ["XDG_CONFIG_HOME": linked.path], onError: true,
        german: "clickguard: „\(linkedIni)“ ist ein symbolischer Link auf eine Datei, die es nicht gibt "
          + "(settings.ini wird neu angelegt oder ersetzt eine reguläre Datei); die Datei ist, wie sie war\n",
        english: "clickguard: '\(linkedIni)' is a symbolic link to a file that does not exist "
          + "(settings.ini is made new or replaces a regular file); it is as it was\n"),
      Said(
        arguments: ["disable"], variables: ["XDG_CONFIG_HOME": nul.path], onError: true,
        german: "clickguard: \(nulIni.path) lässt sich nicht ändern: Die Datei enthält ein NUL-Byte, nach dem GTK "
          + "von ihrer Zeile nichts mehr liest; sie bleibt, wie sie ist\n",
        english: "clickguard: cannot change \(nulIni.path): it holds a NUL byte, after which GTK reads nothing of "
          + "its line; it is left as it is\n"),
      Said(
        arguments: ["report", log], german: "ClickGuard-Bericht: 31 Entscheidungen aus \(log), 2 Programme\n",
        english: "ClickGuard report: 31 decisions from \(log), 2 programs\n"),
      Said(
        arguments: ["report", log], german: "\nAm häufigsten wiederholt (verworfen oder würde verwerfen):\n",
        english: "\nRepeated most (dropped or would drop):\n"),
    ]
    for said in runs {
      for (environment, expected) in [(inGerman, said.german), (inEnglish, said.english)] {
        let output = try CommandHarness.run(
          said.arguments, environment: environment.merging(said.variables.mapValues { $0 }) { $1 })
        let text = said.onError ? output.stderr : output.stdout
        XCTAssertTrue(text.contains(expected), "clickguard \(said.arguments): \(expected) is not in \(text)")
      }
    }
  }
}
