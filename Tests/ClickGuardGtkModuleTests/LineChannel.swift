// LineChannel: a child process spoken to in lines — a command written to
// its stdin, its answer read from its stdout with a deadline.

import ClickGuardTestSupport
import Foundation

/// A child process driven one line at a time (Fixtures/wayland-input.py).
final class LineChannel {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffered: [UInt8] = []

  /// Starts `executable` with `arguments`, its stderr going to `errors`.
  init(_ executable: String, _ arguments: [String], errors: FileHandle) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// The next line the child prints, without its newline, or `nil` when it
  /// printed none within `seconds` (or closed its output).
  func readLine(within seconds: Double) -> String? {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
    let descriptor = output.fileHandleForReading.fileDescriptor
    while true {
      if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        return line
      }
      let left = ContinuousClock.now.duration(to: deadline).components
      let milliseconds = left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000
      guard milliseconds > 0 else { return nil }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(milliseconds)) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { return nil }
      buffered += chunk[..<count]
    }
  }

  /// Writes `line` and waits for the answer.
  /// - Throws: ``HarnessError`` when the child answers something else than
  ///   `ok` or nothing within `seconds`.
  func send(_ line: String, within seconds: Double) throws {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
    let answer = readLine(within: seconds)
    guard answer == "ok" else {
      throw HarnessError(
        "\(process.executableURL?.lastPathComponent ?? "child") answered \(answer ?? "nothing") to: \(line)")
    }
  }

  /// Closes its stdin (it exits), waits up to `seconds`, then kills it.
  func close(within seconds: Double = 3) {
    try? input.fileHandleForWriting.close()
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
    while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}
