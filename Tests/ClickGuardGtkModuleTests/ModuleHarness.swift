// ModuleHarness: runs the C fixture app (Fixtures/clickcount.c) as a
// separate process, with or without libclickguard-gtk-module.so in
// GTK3_MODULES, and drives it with real X input (xdotool) under Xvfb.

import Foundation
import XCTest

/// Finds the module, compiles the fixture once, and starts fixture apps.
enum ModuleHarness {
  /// The built module: `$CLICKGUARD_MODULE_PATH` if set, else
  /// `libclickguard-gtk-module.so` beside the test executable (SwiftPM's bin
  /// directory, where `swift build --build-tests` puts it).
  static func modulePath() throws -> String {
    if let path = ProcessInfo.processInfo.environment["CLICKGUARD_MODULE_PATH"], !path.isEmpty {
      guard FileManager.default.fileExists(atPath: path) else {
        throw HarnessError("CLICKGUARD_MODULE_PATH=\(path) does not exist")
      }
      return path
    }
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    let candidate = binDirectory.appendingPathComponent("libclickguard-gtk-module.so").path
    guard FileManager.default.fileExists(atPath: candidate) else {
      throw HarnessError(
        "libclickguard-gtk-module.so is not in \(binDirectory.path): build it first with "
          + "`swift build --build-tests` (make test does), or set CLICKGUARD_MODULE_PATH")
    }
    return candidate
  }

  /// A directory for this test process's files, made once.
  static let scratch: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clickguard-module-tests-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// The fixture binary, compiled on first use with cc and pkg-config.
  static func fixture() throws -> String {
    try compiledFixture.get()
  }

  private static let compiledFixture: Result<String, HarnessError> = {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/clickcount.c").path
    let output = scratch.appendingPathComponent("clickcount").path
    let result = run(
      "/bin/sh", ["-c", "cc -Wall -Werror -o '\(output)' '\(source)' $(pkg-config --cflags --libs gtk+-3.0)"])
    guard result.status == 0 else {
      return .failure(HarnessError("compiling \(source) failed (\(result.status)):\n\(result.output)"))
    }
    return .success(output)
  }()

  /// Runs a command to completion; returns its status and combined output.
  @discardableResult
  static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return (-1, "\(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Skips the test when there is no X display or no xdotool.
  static func requireDisplay() throws {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("no DISPLAY: run under Xvfb (xvfb-run -a)")
    }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
      throw XCTSkip("xdotool is not installed")
    }
  }

  /// Runs `xdotool` with `arguments` and waits for it.
  static func xdotool(_ arguments: [String]) {
    run("/usr/bin/xdotool", arguments)
  }
}

/// A harness failure with a message for the test log.
struct HarnessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// One run of the fixture app.
final class FixtureApp {
  /// Screen centres of the fixture's widgets: count, action, r1, r2, r3.
  private(set) var positions: [String: (x: Int, y: Int)] = [:]
  private let process = Process()
  private let stdoutURL: URL
  private let stderrURL: URL

  /// Starts the fixture and waits until it has drawn its window.
  /// - Parameters:
  ///   - modules: the value of `GTK3_MODULES`, or `nil` for none.
  ///   - environment: extra variables (`CLICKGUARD_*`).
  ///   - arguments: fixture arguments (`--no-buttons`).
  ///   - waitForReady: whether to wait for the `ready` line.
  init(
    modules: String?, environment: [String: String] = [:], arguments: [String] = [], waitForReady: Bool = true
  ) throws {
    let name = UUID().uuidString
    stdoutURL = ModuleHarness.scratch.appendingPathComponent("\(name).out")
    stderrURL = ModuleHarness.scratch.appendingPathComponent("\(name).err")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    var env = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("CLICKGUARD_") && $0.key != "GTK_MODULES" && $0.key != "GTK3_MODULES"
    }
    env["NO_AT_BRIDGE"] = "1"  // no accessibility bus under Xvfb: no dbind warnings
    if let modules { env["GTK3_MODULES"] = modules }
    env.merge(environment) { $1 }
    process.executableURL = URL(fileURLWithPath: try ModuleHarness.fixture())
    process.arguments = ["--seconds", "25"] + arguments
    process.environment = env
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
    guard waitForReady else { return }
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let line = stdoutLines.first(where: { $0.hasPrefix("ready") }) {
        for field in line.split(separator: " ").dropFirst() {
          let parts = field.split(separator: "=")
          let xy = parts.count == 2 ? parts[1].split(separator: ",").compactMap { Int($0) } : []
          if xy.count == 2 { positions[String(parts[0])] = (xy[0], xy[1]) }
        }
        return
      }
      guard process.isRunning else { break }
      usleep(20_000)
    }
    process.terminate()
    throw HarnessError("the fixture never became ready; stderr:\n\(stderr)")
  }

  /// What the fixture printed on stdout so far, line by line.
  var stdoutLines: [String] {
    let text = (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// What the fixture printed on stderr so far.
  var stderr: String {
    (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
  }

  /// Clicks the widget `name` `count` times, `delayMs` apart, with real
  /// pointer input, then lets the app catch up for `settle` seconds.
  func click(_ name: String, count: Int = 1, delayMs: Int = 80, settle: Double = 0.4) {
    guard let (x, y) = positions[name] else {
      XCTFail("the fixture has no widget \(name)")
      return
    }
    // Away and back, so the pointer really moves (no --sync: it waits for a
    // motion event that never comes when the pointer is already there).
    ModuleHarness.xdotool(["mousemove", "0", "0"])
    ModuleHarness.xdotool(["mousemove", String(x), String(y)])
    usleep(100_000)
    ModuleHarness.xdotool(["click", "--repeat", String(count), "--delay", String(delayMs), "1"])
    usleep(UInt32(settle * 1_000_000))
  }

  /// Asks the fixture to quit (SIGTERM) and waits for it.
  func finish() -> FixtureResult {
    if process.isRunning { process.terminate() }
    return waitForExit()
  }

  /// Waits for the fixture to exit by itself.
  func waitForExit() -> FixtureResult {
    process.waitUntilExit()
    return FixtureResult(status: process.terminationStatus, lines: stdoutLines, stderr: stderr)
  }
}

/// What a fixture run printed and how it ended.
struct FixtureResult {
  /// The exit status.
  let status: Int32
  /// The stdout lines.
  let lines: [String]
  /// Everything on stderr.
  let stderr: String

  /// The fields of the `final` line: clicked, activated, active, maxgap.
  var final: [String: String] {
    guard let line = lines.last(where: { $0.hasPrefix("final ") }) else { return [:] }
    var fields: [String: String] = [:]
    for field in line.split(separator: " ").dropFirst() {
      let parts = field.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
  }

  /// How many times Count's `clicked` handler ran.
  var clicked: Int? { final["clicked"].flatMap { Int($0) } }
  /// How many times the `win.bump` GAction ran.
  var activated: Int? { final["activated"].flatMap { Int($0) } }
  /// The longest the main loop was blocked, in ms.
  var maxGap: Int? { final["maxgap"].flatMap { Int($0) } }

  /// GLib warnings and criticals on stderr (ClickGuard's own lines aside).
  var glibProblems: [String] {
    stderr.split(separator: "\n").map(String.init).filter {
      $0.contains("-CRITICAL") || $0.contains("-WARNING") || $0.contains("-ERROR")
    }
  }
}

/// Reads a JSON-lines decision log.
func readDecisionLog(_ url: URL) throws -> [[String: Any]] {
  let text = try String(contentsOf: url, encoding: .utf8)
  return try text.split(separator: "\n").map { line in
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      throw HarnessError("not a JSON object: \(line)")
    }
    return object
  }
}
