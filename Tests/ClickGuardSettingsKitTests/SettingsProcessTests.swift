// The built clickguard-settings, run as a person runs it, in a D-Bus session
// of its own with a scratch XDG_CONFIG_HOME (no settings daemon: the switch
// is settings.ini): Space on its focused switch, sent as real X input,
// runs `clickguard enable`, which `clickguard status` and settings.ini then
// show; Space again runs `disable`.

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
  private static func output(_ executable: String, _ arguments: [String], _ env: [String: String]) throws -> String {
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

  private static func xdotool(_ arguments: [String]) throws -> String {
    try output("/usr/bin/xdotool", arguments, ProcessInfo.processInfo.environment)
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

    let app = Process()
    app.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
    app.arguments = ["--", settings]
    app.environment = env
    app.standardOutput = FileHandle.nullDevice
    app.standardError = FileHandle.nullDevice
    try app.run()
    defer {
      if app.isRunning {
        _ = try? Self.xdotool(["search", "--name", "^ClickGuard Settings$", "windowclose"])
        kill(app.processIdentifier, SIGTERM)
      }
      app.waitUntilExit()
    }
    let windows = try Self.xdotool(["search", "--sync", "--onlyvisible", "--name", "^ClickGuard Settings$"])
    let window = try XCTUnwrap(windows.split(separator: "\n").first.map(String.init), "the window appeared")
    _ = try Self.xdotool(["windowfocus", "--sync", window])
    usleep(300_000)
    // The switch has the focus: Space flips it, as a person's key press would.
    _ = try Self.xdotool(["key", "space"])
    let iniText = { (try? String(contentsOf: ini, encoding: .utf8)) ?? "" }
    XCTAssertTrue(Self.wait { iniText().contains("gtk-modules=clickguard") }, "settings.ini: \(iniText())")
    XCTAssertTrue(try Self.output(command, ["status"], env).contains("ClickGuard is on"))
    usleep(300_000)
    _ = try Self.xdotool(["key", "space"])
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
    let log = root.appendingPathComponent("clicks.jsonl")
    let lines = (1...30).map {
      #"{"program":"app\#($0)","pid":\#($0),"widget":"GtkButton","outcome":"dropped","reason":"busy"}"#
    }
    try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
    var env = Self.environment(config: config)
    env["DISPLAY"] = server.display
    env["CLICKGUARD_LOG"] = log.path
    let app = Process()
    app.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
    app.arguments = ["--", settings]
    app.environment = env
    app.standardOutput = FileHandle.nullDevice
    app.standardError = FileHandle.nullDevice
    try app.run()
    var xdotoolEnv = ProcessInfo.processInfo.environment
    xdotoolEnv["DISPLAY"] = server.display
    defer {
      _ = try? Self.output(
        "/usr/bin/xdotool", ["search", "--name", "^ClickGuard Settings$", "windowclose"], xdotoolEnv)
      if app.isRunning { kill(app.processIdentifier, SIGTERM) }
      app.waitUntilExit()
    }
    let windows = try Self.output(
      "/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--name", "^ClickGuard Settings$"], xdotoolEnv)
    let window = try XCTUnwrap(windows.split(separator: "\n").first.map(String.init), "the window appeared")
    usleep(500_000)  // its first frame
    let shell = try Self.output("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window], xdotoolEnv)
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
