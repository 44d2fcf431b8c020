// RawDemoProcess: the built demo started with arguments given as bytes (a
// file name that is not UTF-8, which a Swift String cannot hold) and with
// no log file of the driver's choosing, its output collected in a file.

import ClickGuardShowcase
import Foundation
import XCTest

/// A running demo started with `posix_spawn`, waited for with `waitpid`.
final class RawDemoProcess {
  /// The process id.
  let pid: pid_t
  /// Where its standard output and error go.
  let outputPath: String
  private var status: Int32?

  /// Starts `binary` with `arguments` (each one's bytes, as given), in the
  /// test's environment, output to `outputPath`.
  /// - Throws: when it cannot be started.
  init(binary: String, arguments: [[UInt8]], outputPath: String) throws {
    self.outputPath = outputPath
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv: [UnsafeMutablePointer<CChar>?] =
      ([Array(binary.utf8)] + arguments).map { bytes in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
      } + [nil]
    defer { for argument in argv { argument?.deallocate() } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, binary, &actions, nil, argv, environ)
    guard result == 0 else {
      throw XCTSkip("cannot start \(binary): \(String(cString: strerror(result)))")
    }
    self.pid = pid
  }

  deinit {
    if isRunning {
      kill(pid, SIGKILL)
      _ = waitForExit(timeout: 5)
    }
  }

  /// What it printed so far.
  var output: String {
    (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// Whether it still runs.
  var isRunning: Bool {
    if status != nil { return false }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
    status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : -1
    return false
  }

  /// Sends `signal`.
  func send(_ signal: Int32) {
    kill(pid, signal)
  }

  /// Waits up to `timeout` seconds for it to exit.
  /// - Returns: its exit status (-1 when a signal ended it), or `nil` when
  ///   it still runs.
  func waitForExit(timeout: Double) -> Int32? {
    let end = Date().addingTimeInterval(timeout)
    while isRunning && Date() < end { usleep(20_000) }
    return status
  }

  /// Stops it with SIGTERM (SIGKILL after 5 s).
  /// - Returns: its exit status.
  @discardableResult
  func stop() -> Int32? {
    if isRunning { send(SIGTERM) }
    if let status = waitForExit(timeout: 5) { return status }
    kill(pid, SIGKILL)
    return waitForExit(timeout: 5)
  }

  /// Waits up to `timeout` seconds for `condition`.
  /// - Returns: whether it held in time.
  static func wait(timeout: Double, until condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }
}
