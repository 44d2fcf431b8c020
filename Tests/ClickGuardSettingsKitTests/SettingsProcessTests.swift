// The built clickguard-settings, run as a person runs it, in a D-Bus session
// of its own with a scratch XDG_CONFIG_HOME (no settings daemon: the switch
// is settings.ini): Space on its focused switch, sent as real X input,
// runs `clickguard enable`, which `clickguard status` and settings.ini then
// show; Space again runs `disable`.

import ClickGuardCounts
import ClickGuardTestSupport
import Foundation
import XCTest

final class SettingsProcessTests: XCTestCase {
  /// SwiftPM's bin directory: the test executable, clickguard and
  /// clickguard-settings.
  private static var binDirectory: URL {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent()
  }

  private static func binary(_ name: String) throws -> String {
    let path = binDirectory.appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw XCTSkip("\(name) is not built in \(binDirectory.path): swift build --build-tests builds it")
    }
    return path
  }

  private static func environment(config: URL) -> [String: String] {
    var env = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("CLICKGUARD_") && $0.key != "GTK_MODULES" && $0.key != "GTK3_MODULES"
    }
    env["XDG_CONFIG_HOME"] = config.path
    env["XDG_CURRENT_DESKTOP"] = ""
    env["GSETTINGS_BACKEND"] = "memory"
    env["NO_AT_BRIDGE"] = "1"
    return env
  }

  /// Runs `executable arguments…` to its end; its standard output.
  fileprivate static func output(_ executable: String, _ arguments: [String], _ env: [String: String]) throws -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// A state folder (XDG_STATE_HOME) in which each of `programs` had one
  /// click ignored today.
  private static func counts(of programs: [String], in root: URL) -> String {
    let state = root.appendingPathComponent("state").path
    for program in programs {
      let counts = IgnoredClickCounts(program: program, directory: state + "/clickguard/ignored-clicks")
      _ = counts.add()
      counts.write()
    }
    return state
  }

  /// Waits up to 5 s for `condition`.
  private static func wait(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(5)
    while !condition() {
      if Date() > deadline { return false }
      usleep(50_000)
    }
    return true
  }

  /// Whether a gsd-xsettings of this user runs (another session's, or
  /// another test's): `clickguard enable` then switches GSettings, not
  /// settings.ini (DesktopSwitch looks for it by user, not by display).
  private static var gsdXsettingsRuns: Bool {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.contains { pid in
      guard pid.allSatisfy(\.isNumber),
        let owner = try? FileManager.default.attributesOfItem(atPath: "/proc/" + pid)[.ownerAccountID] as? NSNumber,
        owner.uint32Value == getuid()
      else { return false }
      return (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "gsd-xsettings\n"
    }
  }

  func testTheSwitchRunsEnableAndDisableForTheSession() throws {
    guard !Self.gsdXsettingsRuns else {
      throw XCTSkip("a gsd-xsettings of this user runs: enable would switch GSettings here, not settings.ini")
    }
    let settings = try Self.binary("clickguard-settings")
    let command = try Self.binary("clickguard")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")
    else { throw XCTSkip("needs dbus-run-session and xdotool (scripts/deps.sh installs them)") }
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("no display") }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-settings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let config = root.appendingPathComponent("config")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let env = Self.environment(config: config)
    let ini = config.appendingPathComponent("gtk-3.0/settings.ini")
    XCTAssertTrue(try Self.output(command, ["status"], env).contains("ClickGuard is off"))

    let app = try SettingsRun(settings, environment: env)
    defer { app.stop() }
    let window = try XCTUnwrap(app.window, "the window appeared")
    _ = try app.xdotool(["windowfocus", "--sync", window])
    usleep(300_000)
    // The switch has the focus: Space flips it, as a person's key press would.
    _ = try app.xdotool(["key", "space"])
    let iniText = { (try? String(contentsOf: ini, encoding: .utf8)) ?? "" }
    XCTAssertTrue(Self.wait { iniText().contains("gtk-modules=clickguard") }, "settings.ini: \(iniText())")
    XCTAssertTrue(try Self.output(command, ["status"], env).contains("ClickGuard is on"))
    usleep(300_000)
    _ = try app.xdotool(["key", "space"])
    XCTAssertTrue(Self.wait { !iniText().contains("clickguard") }, "settings.ini: \(iniText())")
    XCTAssertTrue(try Self.output(command, ["status"], env).contains("ClickGuard is off"))
  }

  func testTheWindowFitsA1366By768ScreenWithAFullListOfApps() throws {
    let settings = try Self.binary("clickguard-settings")
    let server = try SmallScreen(width: 1366, height: 768)
    defer { server.stop() }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-settings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let config = root.appendingPathComponent("config")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    var env = Self.environment(config: config)
    env["DISPLAY"] = server.display
    env["XDG_STATE_HOME"] = Self.counts(of: (1...30).map { "app\($0)" }, in: root)
    let app = try SettingsRun(settings, environment: env)
    defer { app.stop() }
    let window = try XCTUnwrap(app.window, "the window appeared")
    usleep(500_000)  // its first frame
    let shell = try app.xdotool(["getwindowgeometry", "--shell", window])
    var geometry: [String: Int] = [:]
    for line in shell.split(separator: "\n") {
      let parts = line.split(separator: "=")
      if parts.count == 2, let value = Int(parts[1]) { geometry[String(parts[0])] = value }
    }
    let x = try XCTUnwrap(geometry["X"], shell)
    let y = try XCTUnwrap(geometry["Y"], shell)
    let width = try XCTUnwrap(geometry["WIDTH"], shell)
    let height = try XCTUnwrap(geometry["HEIGHT"], shell)
    XCTAssertTrue(
      x >= 0 && y >= 0 && x + width <= 1366 && y + height <= 768, "window at \(x),\(y) \(width)×\(height)")
  }

  func testAScreenReaderFindsANameOnEveryControl() throws {
    let settings = try Self.binary("clickguard-settings")
    guard FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher") else {
      throw XCTSkip("needs at-spi2-core and python3-pyatspi (scripts/deps.sh installs them)")
    }
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("no display") }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-settings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let config = root.appendingPathComponent("config")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    var env = Self.environment(config: config)
    env["XDG_STATE_HOME"] = Self.counts(of: ["gedit"], in: root)
    env["NO_AT_BRIDGE"] = nil
    env["GTK_A11Y"] = nil
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/accessible-controls.py").path
    // The app and the reader on one session bus, whose accessibility bus
    // at-spi-bus-launcher starts on demand.
    let output = try Self.output(
      "/usr/bin/dbus-run-session",
      [
        "--", "/bin/sh", "-c",
        "\"$0\" & app=$!; /usr/bin/python3 \"$1\" clickguard-settings 20; status=$?; kill $app; exit $status",
        settings, script,
      ], env)
    let controls = output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
    }
    let names = controls.compactMap { $0["name"] }
    XCTAssertGreaterThan(controls.count, 10, output)
    XCTAssertEqual(controls.filter { ($0["name"] ?? "").isEmpty }, [], "controls a screen reader cannot name")
    for expected in [
      "Ignore repeated clicks", "Details", "The app is slow", "My clicks bounce or my hand trembles",
      "Time to ignore repeats, in milliseconds", "Ring the bell when a click is ignored", "Try-it pad",
      "Exempt gedit",
    ] {
      XCTAssertTrue(names.contains(expected), "\(expected) is not among \(names)")
    }
  }

  func testUnderAGermanLocaleTheWindowSpeaksGerman() throws {
    let settings = try Self.binary("clickguard-settings")
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("no display") }
    let german = try GermanTestLocale()
    defer { german.remove() }
    let config = german.root.appendingPathComponent("config")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    var env = Self.environment(config: config).merging(german.environment) { $1 }
    env["NO_AT_BRIDGE"] = nil
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/accessible-controls.py").path
    let output = try Self.output(
      "/usr/bin/dbus-run-session",
      [
        "--", "/bin/sh", "-c",
        "\"$0\" & app=$!; /usr/bin/python3 \"$1\" clickguard-settings 20; status=$?; kill $app; exit $status",
        settings, script,
      ], env)
    let names = output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])?["name"]
    }
    for expected in ["Wiederholte Klicks ignorieren", "Die Anwendung ist langsam", "Probierfläche"] {
      XCTAssertTrue(names.contains(expected), "\(expected) is not among \(names)")
    }
    XCTAssertFalse(names.contains("Ignore repeated clicks"), "\(names)")
  }

  func testTheDesktopFileIsValidAndNamesTheProgramAndAnIconThatExists() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let file = root.appendingPathComponent("Resources/io.github.clickguard.Settings.desktop")
    let text = try String(contentsOf: file, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertTrue(lines.contains("Exec=clickguard-settings"), text)
    XCTAssertTrue(lines.contains("Categories=GTK;Settings;Accessibility;"), text)
    let icon = try XCTUnwrap(lines.first { $0.hasPrefix("Icon=") }?.dropFirst(5)).description
    let themes = ["/usr/share/icons/Adwaita", "/usr/share/icons/hicolor"]
    if themes.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
      let found = themes.contains { theme in
        FileManager.default.enumerator(atPath: theme)?.contains { ($0 as? String)?.hasSuffix("/\(icon).png") ?? false }
          ?? false
      }
      XCTAssertTrue(found, "no theme has the icon \(icon)")
    }
    let validate = "/usr/bin/desktop-file-validate"
    guard FileManager.default.isExecutableFile(atPath: validate) else {
      throw XCTSkip("desktop-file-validate is not installed (package desktop-file-utils)")
    }
    XCTAssertEqual(try Self.output(validate, [file.path], ProcessInfo.processInfo.environment), "")
  }
}

/// One run of the built clickguard-settings in a D-Bus session of its own,
/// its window found by its title.
private final class SettingsRun {
  /// The window's X id, once it is shown.
  let window: String?
  private let process = Process()
  private let xdotoolEnvironment: [String: String]

  /// Starts `binary` with `environment` (whose DISPLAY it is shown on) and
  /// waits for its window.
  init(_ binary: String, environment: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
    process.arguments = ["--", binary]
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    var xdotoolEnvironment = ProcessInfo.processInfo.environment
    xdotoolEnvironment["DISPLAY"] = environment["DISPLAY"]
    self.xdotoolEnvironment = xdotoolEnvironment
    try process.run()
    // Polled, not --sync: a program that never shows its window must not
    // hang the test.
    var found: String?
    let deadline = Date().addingTimeInterval(20)
    while found == nil, process.isRunning, Date() < deadline {
      found = try SettingsProcessTests.output(
        "/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^ClickGuard Settings$"], xdotoolEnvironment
      ).split(separator: "\n").first.map(String.init)
      if found == nil { usleep(100_000) }
    }
    window = found
  }

  /// Runs xdotool on the run's display; its standard output.
  func xdotool(_ arguments: [String]) throws -> String {
    try SettingsProcessTests.output("/usr/bin/xdotool", arguments, xdotoolEnvironment)
  }

  /// Ends the program (SIGTERM to it, by its window's _NET_WM_PID), so
  /// that dbus-run-session ends its bus too, and waits for both.
  func stop() {
    let pid = window.flatMap { try? xdotool(["getwindowpid", $0]) }.flatMap {
      Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    if let pid { kill(pid, SIGTERM) }
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    // Last resort (its bus may then outlive it).
    if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    process.waitUntilExit()
  }

}
