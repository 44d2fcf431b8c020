// FixtureApp: one run of a fixture app (FixtureProgram: Fixtures/clickcount.c
// or Fixtures/activations.py), with or without the module in GTK3_MODULES,
// driven by real X input (xdotool).

import Foundation
import XCTest

/// One run of the fixture app.
final class FixtureApp {
  /// Screen centres of the fixture's widgets (clickcount: count, action, r1,
  /// r2, r3, switch; activations: entry, row1-3, child1-2, tree1-2, icon1-2).
  private(set) var positions: [String: (x: Int, y: Int)] = [:]
  /// The other fields of the ready line (`dumpable`, `crash-defaults`).
  private(set) var readyFields: [String: String] = [:]
  /// Seconds from starting the process to its `ready` line (its window
  /// drawn, plus the fixture's 300 ms).
  private(set) var secondsToReady = 0.0
  /// The process's peak resident memory when it was ready (`VmHWM`), in KiB.
  private(set) var peakResidentKiB = 0
  private let process = Process()
  private let program: FixtureProgram
  private let stdoutURL: URL
  private let stderrURL: URL

  /// Starts the fixture and waits until it has drawn its window.
  /// - Parameters:
  ///   - modules: the value of `GTK3_MODULES`, or `nil` for none.
  ///   - environment: extra variables (`CLICKGUARD_*`).
  ///   - arguments: fixture arguments (`--no-buttons`).
  ///   - waitForReady: whether to wait for the `ready` line.
  ///   - program: which fixture app to run.
  ///   - launcher: a command that runs the fixture for it, given the
  ///     fixture's command line after its own (`clickguard run --`).
  ///   - readyWithin: how long to wait for the `ready` line before failing
  ///     (and ending the process).
  init(
    modules: String?, environment: [String: String] = [:], arguments: [String] = [], waitForReady: Bool = true,
    program: FixtureProgram = .clickcount, launcher: [String] = [], readyWithin: Double = 20
  ) throws {
    self.program = program
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
    env.merge(ModuleHarness.sanitizerEnvironment) { $1 }
    env.merge(environment) { $1 }
    let command = try program.command()
    let line = launcher + [command.executable] + command.arguments + ["--seconds", "25"] + arguments
    process.executableURL = URL(fileURLWithPath: line[0])
    process.arguments = Array(line.dropFirst())
    process.environment = env
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    let start = ContinuousClock.now
    try process.run()
    guard waitForReady else { return }
    let deadline = start.advanced(by: .milliseconds(Int(readyWithin * 1000)))
    while ContinuousClock.now < deadline {
      if let line = stdoutLines.first(where: { $0.hasPrefix("ready") }) {
        let elapsed = start.duration(to: .now).components
        secondsToReady = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        peakResidentKiB = Self.peakResidentKiB(of: process.processIdentifier)
        for field in line.split(separator: " ").dropFirst() {
          let parts = field.split(separator: "=")
          let xy = parts.count == 2 ? parts[1].split(separator: ",").compactMap { Int($0) } : []
          if xy.count == 2 {
            positions[String(parts[0])] = (xy[0], xy[1])
          } else if parts.count == 2 {
            readyFields[String(parts[0])] = String(parts[1])
          }
        }
        return
      }
      guard process.isRunning else { break }
      usleep(5_000)
    }
    let wasRunning = process.isRunning
    kill(process.processIdentifier, SIGKILL)  // it may be stuck before its SIGTERM handler runs
    process.waitUntilExit()
    throw HarnessError(
      wasRunning
        ? "the fixture was not ready within \(readyWithin) s; stderr:\n\(stderr)"
        : "the fixture exited before it was ready; stderr:\n\(stderr)")
  }

  /// `VmHWM` of process `pid`, in KiB (0 when it cannot be read).
  private static func peakResidentKiB(of pid: Int32) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
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
    guard pointAt(name) else { return }
    XDoTool.run(["click", "--repeat", String(count), "--delay", String(delayMs), "1"])
    usleep(UInt32(settle * 1_000_000))
  }

  /// Moves the pointer onto the widget `name`.
  /// - Returns: `false` (a test failure) when the fixture has no such widget.
  private func pointAt(_ name: String) -> Bool {
    guard let (x, y) = positions[name] else {
      XCTFail("the fixture has no widget \(name)")
      return false
    }
    // Away and back, so the pointer really moves (no --sync: it waits for a
    // motion event that never comes when the pointer is already there).
    XDoTool.run(["mousemove", "0", "0"])
    XDoTool.run(["mousemove", String(x), String(y)])
    usleep(100_000)
    return true
  }

  /// Holds the mouse button down on the point `name` for `seconds`.
  func pressAndHold(_ name: String, seconds: Double, settle: Double = 0.4) {
    guard pointAt(name) else { return }
    XDoTool.run(["mousedown", "1"])
    usleep(UInt32(seconds * 1_000_000))
    XDoTool.run(["mouseup", "1"])
    usleep(UInt32(settle * 1_000_000))
  }

  /// Drags with the mouse button down from the point `from` to the point
  /// `to`, in four steps 100 ms apart.
  func drag(from: String, to: String, settle: Double = 0.4) {
    guard let start = positions[from], let end = positions[to] else {
      XCTFail("the fixture has no point \(from) or \(to)")
      return
    }
    drag(from: start, to: end, settle: settle)
  }

  /// Drags with the mouse button down from the point `from` to `dx`, `dy`
  /// pixels away from it, in four steps 100 ms apart (press on a menu, let
  /// go on one of its items).
  func drag(from: String, dx: Int, dy: Int, settle: Double = 0.4) {
    guard let start = positions[from] else {
      XCTFail("the fixture has no point \(from)")
      return
    }
    drag(from: start, to: (start.x + dx, start.y + dy), settle: settle)
  }

  private func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), settle: Double) {
    var arguments = ["mousemove", String(start.x), String(start.y), "sleep", "0.2", "mousedown", "1"]
    for step in 1...4 {
      let x = start.x + (end.x - start.x) * step / 4
      let y = start.y + (end.y - start.y) * step / 4
      arguments += ["sleep", "0.1", "mousemove", String(x), String(y)]
    }
    XDoTool.run(arguments + ["sleep", "0.2", "mouseup", "1"])
    usleep(UInt32(settle * 1_000_000))
  }

  /// Double-clicks the widget `name` `count` times (the two clicks 80 ms
  /// apart), `gapMs` between double-clicks, with real pointer input.
  func doubleClick(_ name: String, count: Int, gapMs: Int, settle: Double = 0.6) {
    guard pointAt(name) else { return }
    var arguments: [String] = []
    for index in 0..<count {
      if index > 0 { arguments += ["sleep", String(Double(gapMs) / 1000)] }
      arguments += ["click", "--repeat", "2", "--delay", "80", "1"]
    }
    XDoTool.run(arguments)
    usleep(UInt32(settle * 1_000_000))
  }

  /// Gives the fixture's window the keyboard focus, then types `keys` (an
  /// xdotool key name such as `ctrl+e`, or several separated by spaces,
  /// typed in turn) `count` times, `delayMs` apart.
  func key(_ keys: String, count: Int, delayMs: Int = 80, settle: Double = 0.4) {
    focus()
    let names = keys.split(separator: " ").map(String.init)
    XDoTool.run(["key", "--delay", String(delayMs), "--repeat", String(count)] + names)
    usleep(UInt32(settle * 1_000_000))
  }

  /// Gives the fixture's window the keyboard focus, then holds `keys` down
  /// for `seconds` (the X server auto-repeats it).
  func hold(_ keys: String, seconds: Double) {
    focus()
    XDoTool.run(["keydown", keys])
    usleep(UInt32(seconds * 1_000_000))
    XDoTool.run(["keyup", keys])
    usleep(300_000)
  }

  /// Gives the fixture's window the keyboard focus, then presses `key`
  /// `count` times, each held `holdMs`, `periodMs` after the previous press.
  func pressHeld(_ key: String, count: Int, holdMs: Int, periodMs: Int, settle: Double = 0.6) {
    focus()
    XDoTool.run(XDoTool.heldPresses(key, count: count, holdMs: holdMs, periodMs: periodMs))
    usleep(UInt32(settle * 1_000_000))
  }

  /// Types `text` into the focused widget, `delayMs` between keys.
  func type(_ text: String, delayMs: Int = 40, settle: Double = 0.3) {
    focus()
    XDoTool.run(["type", "--delay", String(delayMs), text])
    usleep(UInt32(settle * 1_000_000))
  }

  private func focus() {
    // The mapped toplevel: GDK's unmapped leader window carries the same
    // name and process id, and cannot take the focus.
    let pid = String(process.processIdentifier)
    XDoTool.run(["search", "--sync", "--onlyvisible", "--pid", pid, "--name", program.title, "windowfocus", "--sync"])
  }

  /// Asks the fixture to quit (SIGTERM) and waits for it; one that has not
  /// quit within `seconds` (its main loop stuck) is killed, and that fails
  /// the test.
  func finish(within seconds: Double = 15, file: StaticString = #filePath, line: UInt = #line) -> FixtureResult {
    if process.isRunning { process.terminate() }
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
    while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
    if process.isRunning {
      XCTFail("the fixture did not quit within \(seconds) s of SIGTERM: its main loop is stuck", file: file, line: line)
      kill(process.processIdentifier, SIGKILL)
    }
    return waitForExit()
  }

  /// The fixture's process id.
  var pid: Int32 { process.processIdentifier }

  /// Waits for the fixture to exit by itself.
  func waitForExit() -> FixtureResult {
    process.waitUntilExit()
    return FixtureResult(
      status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, lines: stdoutLines,
      stderr: stderr)
  }
}
