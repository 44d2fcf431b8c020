// RawCommand: runs the built `clickguard` with arguments and environment
// values as raw bytes (Foundation's Process takes Strings, which cannot
// hold a byte that is not UTF-8), with a deadline, and reports what it
// printed, how long it took and its peak resident memory: VmHWM from
// /proc/<pid>/status, read every few milliseconds until it exits (wait4's
// ru_maxrss would also count this test process, whose memory a spawned
// child's high-water mark inherits at exec).

import Foundation

/// Runs a program with byte arguments, bounded in time.
enum RawCommand {
  /// What one run printed, how it ended and what it cost.
  struct Output {
    /// The exit status, or -1 when it was killed or did not exit normally.
    let status: Int32
    /// Whether it was killed at the deadline.
    let timedOut: Bool
    /// Standard output, byte for byte.
    let stdout: [UInt8]
    /// Standard error, as text.
    let stderr: String
    /// Wall-clock seconds from start to exit.
    let seconds: Double
    /// Peak resident memory (KiB): the last VmHWM read before it exited.
    let peakKiB: Int
    /// `ru_maxrss` (KiB): an upper bound, counting this process's memory
    /// at the spawn too.
    let maxrssKiB: Int

    /// Standard output as text.
    var text: String { String(decoding: stdout, as: UTF8.self) }
  }

  /// Where standard input comes from.
  enum Input {
    /// The file at this path.
    case file(String)
    /// A pipe fed by `writer`, called with the pipe's write end on a thread
    /// of its own (which closes it afterwards).
    case pipe(@Sendable (Int32) -> Void)
  }

  /// Runs `clickguard arguments…` with the test's environment changed by
  /// `environment` (a `nil` value removes it), kills it after `timeout`
  /// seconds.
  static func clickguard(
    _ arguments: [[UInt8]], environment: [String: [UInt8]?] = [:], input: Input = .file("/dev/null"),
    timeout: Double = 30
  ) throws -> Output {
    try run(Array(try CommandHarness.path().utf8), arguments, environment: environment, input: input, timeout: timeout)
  }

  /// Runs the program at `path` with `arguments` (all bytes).
  static func run(
    _ path: [UInt8], _ arguments: [[UInt8]], environment: [String: [UInt8]?] = [:], input: Input,
    timeout: Double
  ) throws -> Output {
    var variables: [String: [UInt8]] = [:]
    for (name, value) in ProcessInfo.processInfo.environment { variables[name] = Array(value.utf8) }
    for (name, value) in environment { variables[name] = value }
    let envp = variables.map { duplicate(Array($0.key.utf8) + [UInt8(ascii: "=")] + $0.value) } + [nil]
    let argv = ([path] + arguments).map(duplicate) + [nil]
    defer { for pointer in envp + argv { free(pointer) } }

    let name = UUID().uuidString
    let stdoutPath = ModuleHarness.scratch.appendingPathComponent("\(name).out").path
    let stderrPath = ModuleHarness.scratch.appendingPathComponent("\(name).err").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeEnds: [Int32] = [-1, -1]
    switch input {
    case .file(let inputPath):
      posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    case .pipe:
      // A child that stops reading must not kill the test with SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      guard pipe(&pipeEnds) == 0 else { throw HarnessError("pipe: \(String(cString: strerror(errno)))") }
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    }
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let started = Date()
    var pid: pid_t = 0
    guard let program = argv[0], posix_spawn(&pid, program, &actions, nil, argv, envp) == 0 else {
      throw HarnessError("cannot start \(String(decoding: path, as: UTF8.self))")
    }
    if case .pipe(let feed) = input {
      close(pipeEnds[0])
      let end = pipeEnds[1]
      Thread {
        feed(end)
        close(end)
      }.start()
    }

    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    var peak = 0
    while true {
      peak = max(peak, highWaterMark(of: pid) ?? 0)
      let reaped = wait4(pid, &status, WNOHANG, &usage)
      if reaped == pid { break }
      if reaped < 0 { throw HarnessError("wait4: \(String(cString: strerror(errno)))") }
      if Date().timeIntervalSince(started) > timeout {
        kill(pid, SIGKILL)
        wait4(pid, &status, 0, &usage)
        timedOut = true
        break
      }
      usleep(2000)
    }
    let seconds = Date().timeIntervalSince(started)
    let stdout = (try? Data(contentsOf: URL(fileURLWithPath: stdoutPath))).map { [UInt8]($0) } ?? []
    let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    unlink(stdoutPath)
    unlink(stderrPath)
    let exited = (status & 0x7f) == 0
    return Output(
      status: !timedOut && exited ? (status >> 8) & 0xff : -1, timedOut: timedOut, stdout: stdout, stderr: stderr,
      seconds: seconds, peakKiB: peak, maxrssKiB: usage.ru_maxrss)
  }

  /// The VmHWM (KiB) of process `pid`, or `nil` when it cannot be read.
  private static func highWaterMark(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  }

  /// A `malloc`ed NUL-terminated copy of `bytes`.
  private static func duplicate(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    guard let copy = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { _ = memcpy(copy, base, source.count) }
    }
    copy[bytes.count] = 0
    return copy
  }
}
