// GermanTestLocale: the German locale and ClickGuard's German catalog, made
// for one test, so a program run under them shows po/de.po's text without
// de_DE being installed on the machine.

import Foundation
import XCTest

/// `de_DE.UTF-8` made by `localedef` into a folder read through `LOCPATH`,
/// and po/de.po compiled by `msgfmt` into one read through
/// `CLICKGUARD_LOCALEDIR`; removed with ``remove()``.
package struct GermanTestLocale {
  /// The folder holding both.
  package let root: URL

  /// Makes both in a new folder under the temporary directory.
  /// - Throws: `XCTSkip` when gettext's msgfmt or localedef is missing;
  ///   the tools' failure otherwise.
  package init() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/localedef")
    else { throw XCTSkip("needs gettext and locales (scripts/deps.sh installs them)") }
    root = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-de-\(UUID().uuidString)")
    let messages = root.appendingPathComponent("locale/de/LC_MESSAGES")
    let locales = root.appendingPathComponent("locales")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
    let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("po/de.po").path
    try Self.run("/usr/bin/msgfmt", ["-o", messages.appendingPathComponent("clickguard.mo").path, po])
    try Self.run(
      "/usr/bin/localedef", ["-i", "de_DE", "-f", "UTF-8", locales.appendingPathComponent("de_DE.UTF-8").path])
  }

  /// The variables that put a program under the locale and the catalog.
  package var environment: [String: String] {
    [
      "LOCPATH": root.appendingPathComponent("locales").path, "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de",
      "CLICKGUARD_LOCALEDIR": root.appendingPathComponent("locale").path,
    ]
  }

  /// Removes the folder.
  package func remove() { try? FileManager.default.removeItem(at: root) }

  private static func run(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw HarnessError("\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
  }
}
