// CommandHarness: runs the built `clickguard` command (SwiftPM's bin
// directory, beside the module) as a separate process and collects what it
// printed.

import Foundation

/// Runs the `clickguard` command.
enum CommandHarness {
  /// What one run printed and how it ended.
  struct Output {
    /// The exit status.
    let status: Int32
    /// Standard output.
    let stdout: String
    /// Standard error.
    let stderr: String
  }

  /// The built command: `clickguard` beside the test executable.
  static func path() throws -> String {
    let candidate = ModuleHarness.binDirectory.appendingPathComponent("clickguard").path
    guard FileManager.default.isExecutableFile(atPath: candidate) else {
      throw HarnessError(
        "clickguard is not in \(ModuleHarness.binDirectory.path): build it first with `swift build --build-tests`")
    }
    return candidate
  }

  /// Runs `clickguard arguments…` with the test's environment plus
  /// `environment` (a `nil` value removes the variable), `input` on its
  /// standard input, and waits for it.
  static func run(
    _ arguments: [String], environment: [String: String?] = [:], input: String = ""
  ) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try path())
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (name, value) in environment { env[name] = value }
    process.environment = env
    let name = UUID().uuidString
    let stdoutURL = ModuleHarness.scratch.appendingPathComponent("\(name).out")
    let stderrURL = ModuleHarness.scratch.appendingPathComponent("\(name).err")
    let stdinURL = ModuleHarness.scratch.appendingPathComponent("\(name).in")
    try Data(input.utf8).write(to: stdinURL)
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    process.standardInput = try FileHandle(forReadingFrom: stdinURL)
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus,
      stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "")
  }
}
