// DemoProcess: runs the built clickguard-demo as a subprocess with a log
// file, waits for its log lines, signals and stops it. The showcase and the
// tests drive the demo through it.

import ClickGuardDemoKit
import ClickGuardGtk
import Foundation

/// A running demo, driven from outside.
package final class DemoProcess {
  /// The demo's log file.
  package let logPath: String
  /// Its standard output and error, captured.
  package let outputPath: String
  private let process = Process()

  /// Finds the demo binary: `$CLICKGUARD_DEMO`, then beside the running
  /// executable (a SwiftPM build folder), then `.build/debug` under the
  /// working directory.
  package static func locateBinary() -> String? {
    var candidates: [String] = []
    if let path = ProcessInfo.processInfo.environment["CLICKGUARD_DEMO"] { candidates.append(path) }
    if let exe = FileName.currentExecutable() {
      var dir = ResourceLocator.parent(exe)
      // An .xctest bundle on Linux is a file in the build folder.
      for _ in 0..<2 {
        candidates.append(dir + "/clickguard-demo")
        dir = ResourceLocator.parent(dir)
      }
    }
    candidates.append(FileManager.default.currentDirectoryPath + "/.build/debug/clickguard-demo")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Starts `binary` with `arguments` plus `--log-file logPath`.
  /// - Parameter environment: extra environment variables.
  /// - Throws: when the process cannot be started.
  package init(binary: String, arguments: [String], logPath: String, environment: [String: String] = [:]) throws {
    self.logPath = logPath
    outputPath = logPath + ".out"
    try? FileManager.default.removeItem(atPath: logPath)
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    let output = FileHandle(forWritingAtPath: outputPath)
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments + ["--log-file", logPath]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = output
    process.standardError = output
    try process.run()
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// The process id.
  package var pid: Int32 { process.processIdentifier }

  /// Whether it still runs.
  package var isRunning: Bool { process.isRunning }

  /// The log as written so far.
  package var log: DemoLogReader { DemoLogReader(path: logPath) }

  /// What the demo printed.
  package var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

  /// Waits until a line of `type` that satisfies `matching` appears after
  /// `seq`, or `timeout` seconds pass.
  /// - Returns: the line, or `nil` on timeout or exit.
  @discardableResult
  package func waitForLine(
    type: String, after seq: Int = 0, timeout: Double = 10, matching: (DemoLogLine) -> Bool = { _ in true }
  ) -> DemoLogLine? {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
      let found = log.lines.first { $0.seq > seq && $0.type == type && matching($0) }
      if let found { return found }
      if !process.isRunning { return nil }
      usleep(20_000)
    }
    return nil
  }

  /// Waits until the log has been quiet for `quietMs`, or `timeout` seconds
  /// pass.
  package func waitForQuiet(quietMs: Int, timeout: Double = 15) {
    let end = Date().addingTimeInterval(timeout)
    var lastCount = -1
    var lastChange = Date()
    while Date() < end, process.isRunning {
      let count = log.lines.count
      if count != lastCount {
        lastCount = count
        lastChange = Date()
      } else if Date().timeIntervalSince(lastChange) * 1000 >= Double(quietMs) {
        return
      }
      usleep(50_000)
    }
  }

  /// Sends `signal` (SIGUSR1 for another screenshot).
  package func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Stops the demo (SIGTERM) and waits for it.
  /// - Returns: its exit status.
  @discardableResult
  package func stop(timeout: Double = 5) -> Int32 {
    if process.isRunning { process.terminate() }
    let end = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < end { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
