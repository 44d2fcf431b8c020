// ChildProcess: running another program from a test and waiting for it —
// blocking, with the GTK main loop running meanwhile, or collecting what it
// printed.

import Foundation

/// Runs programs to completion.
///
/// ``run(_:_:)`` and ``runPumping(_:_:timeout:)`` start the program with
/// `posix_spawn` and wait with `waitpid`, not with Foundation's `Process`,
/// whose exit notice can be lost when something else in the process (GLib)
/// reaps children; the program inherits the test's environment and output.
package enum ChildProcess {
  /// Runs the program at `path` with `arguments` and blocks until it exits.
  /// - Returns: its exit status, or -1 if it could not run or did not exit
  ///   normally.
  @discardableResult
  package static func run(_ path: String, _ arguments: [String]) -> Int32 {
    guard let pid = spawn(path, arguments) else { return -1 }
    var status: Int32 = 0
    guard waitpid(pid, &status, 0) == pid else { return -1 }
    return exitStatus(status)
  }

  /// Runs the program at `path` with `arguments`, running the GTK main loop
  /// until it exits. Kills it after `timeout` seconds.
  /// - Returns: its exit status, or -1 if it could not run, did not exit
  ///   normally or timed out.
  @MainActor
  @discardableResult
  package static func runPumping(_ path: String, _ arguments: [String], timeout: Double = 60) -> Int32 {
    guard let pid = spawn(path, arguments) else { return -1 }
    let end = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return exitStatus(status) }
      if reaped < 0 { return -1 }
      if Date() > end {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return -1
      }
      GtkHarness.turnMainLoop()
    }
  }

  /// Runs `executable` with `arguments` to completion through Foundation's
  /// `Process`, collecting its standard output and error together.
  /// - Returns: the exit status (-1 when it could not start, with the reason
  ///   as output) and everything it printed.
  @discardableResult
  package static func output(of executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
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

  /// Runs `binary` with `arguments` to completion, in `directory` if given,
  /// with `environment` added and `unsetting` removed.
  /// - Returns: the exit status and everything printed (stdout, stderr).
  package static func runToEnd(
    binary: String, arguments: [String], environment: [String: String] = [:], unsetting: [String] = [],
    in directory: String? = nil
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    for name in unsetting { env[name] = nil }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
  }

  private static func spawn(_ path: String, _ arguments: [String]) -> pid_t? {
    var pid: pid_t = 0
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for arg in argv { free(arg) } }
    guard posix_spawn(&pid, path, nil, nil, argv, environ) == 0 else { return nil }
    return pid
  }

  /// WIFEXITED / WEXITSTATUS, which are macros.
  private static func exitStatus(_ status: Int32) -> Int32 {
    (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
  }
}
