// SyscallKills: kills a program with SIGKILL at each system call it makes
// while it writes a file, with strace's fault injection
// (`-e inject=SYSCALL:signal=KILL:when=N`: the program dies on entering its
// Nth call of SYSCALL, so that call never runs), for the crash-consistency
// tests: whatever point a writer dies at, its file must be the old one or
// the new one, never a torn one.

import Foundation

/// One place a program can be killed: on entering the `occurrence`-th call
/// (from 1) of `syscall` in its main thread.
package struct KillPoint: Hashable, CustomStringConvertible, Sendable {
  package let syscall: String
  package let occurrence: Int

  package init(syscall: String, occurrence: Int) {
    self.syscall = syscall
    self.occurrence = occurrence
  }

  package var description: String { "\(syscall) #\(occurrence)" }
}

/// Runs a program under strace to find, then to kill it at, the system
/// calls it makes on the files under a directory.
package enum SyscallKills {
  /// The calls a file write is made of: opening (and making) files, writing
  /// them, putting them on disk, renaming, removing, changing modes.
  package static let fileCalls = [
    "openat", "mkdir", "mkdirat", "write", "pwrite64", "fsync", "fdatasync", "rename", "renameat", "renameat2",
    "unlink", "unlinkat", "fchmod", "chmod", "fchmodat", "ftruncate",
  ]
  /// Calls that name a path: counted only when the path is under the
  /// directory (a program opens many libraries and locale files first).
  private static let pathCalls: Set = [
    "openat", "mkdir", "mkdirat", "rename", "renameat", "renameat2", "unlink", "unlinkat", "chmod", "fchmodat",
  ]

  /// Whether strace is there.
  package static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") }

  /// Runs `executable arguments…` once under strace, to its end, and
  /// returns the points it can be killed at while it works on files under
  /// `directory`: each of its main thread's ``fileCalls``, a path call only
  /// when the path is under `directory`, from the first call under it to the
  /// one after the last.
  package static func points(
    _ executable: String, _ arguments: [String], environment: [String: String], under directory: String
  ) throws -> [KillPoint] {
    let trace = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let status = try run(
      ["-f", "-qq", "-o", trace, "-e", "trace=" + fileCalls.joined(separator: ",")], executable, arguments,
      environment)
    guard status == 0 else { throw HarnessError("\(executable) \(arguments) under strace exited \(status)") }
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    let mainThread = lines.first.flatMap { $0.split(separator: " ").first }
    var counts: [String: Int] = [:]
    var points: [KillPoint] = []
    var started = false
    var lastTouch = -1
    for line in lines {
      let fields = line.split(separator: " ", maxSplits: 1)
      guard fields.count == 2, fields[0] == mainThread else { continue }
      let call = fields[1].drop { $0 == " " }
      guard !call.hasPrefix("<..."), let paren = call.firstIndex(of: "(") else { continue }
      let name = String(call[..<paren])
      guard fileCalls.contains(name) else { continue }
      counts[name, default: 0] += 1
      let touches = call.contains("\"" + directory)
      if touches { started = true }
      guard started, !pathCalls.contains(name) || touches else { continue }
      points.append(KillPoint(syscall: name, occurrence: counts[name]!))
      if touches { lastTouch = points.count - 1 }
    }
    // Up to the call after the last one on the directory (the fsync of the
    // folder after a rename): what follows is the program's own output.
    return Array(points.prefix(lastTouch + 2))
  }

  /// Runs `executable arguments…` once under strace, to its end, and
  /// returns a point for each of its `calls` as each thread counts them
  /// (strace counts an injection's calls per thread): the Nth call of
  /// SYSCALL for N up to the most any one thread made. For writes that
  /// leave the process as messages (a D-Bus call's `sendmsg`), not files.
  package static func points(
    _ executable: String, _ arguments: [String], environment: [String: String], calls: [String]
  ) throws -> [KillPoint] {
    let trace = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let status = try run(
      ["-f", "-qq", "-o", trace, "-e", "trace=" + calls.joined(separator: ",")], executable, arguments, environment)
    guard status == 0 else { throw HarnessError("\(executable) \(arguments) under strace exited \(status)") }
    var counts: [String: [Substring: Int]] = [:]
    for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 1)
      guard fields.count == 2 else { continue }
      let call = fields[1].drop { $0 == " " }
      guard !call.hasPrefix("<..."), let paren = call.firstIndex(of: "("), calls.contains(String(call[..<paren]))
      else { continue }
      counts[String(call[..<paren]), default: [:]][fields[0], default: 0] += 1
    }
    return calls.flatMap { name in
      (0..<(counts[name]?.values.max() ?? 0)).map { KillPoint(syscall: name, occurrence: $0 + 1) }
    }
  }

  /// Runs `executable arguments…` under strace, killed with SIGKILL on
  /// entering `point`.
  /// - Parameter file: when given, only the calls on this file (by path or
  ///   descriptor) are counted, so that other threads' calls (a runtime's
  ///   wake-up writes) cannot move the point.
  /// - Returns: whether it was killed there (`false`: it ended first).
  package static func run(
    _ executable: String, _ arguments: [String], environment: [String: String], killedAt point: KillPoint,
    countingOnly file: String? = nil
  ) throws -> Bool {
    let status = try run(
      [
        "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(point.syscall)",
        "-e", "inject=\(point.syscall):signal=KILL:when=\(point.occurrence)",
      ] + (file.map { ["-P", $0] } ?? []),
      executable, arguments, environment)
    // strace ends the way its program did: killed by SIGKILL.
    return status == 128 + SIGKILL || status == -SIGKILL
  }

  /// Runs strace with `options` over the program; its exit status, or
  /// `-signal` when it was killed.
  private static func run(
    _ options: [String], _ executable: String, _ arguments: [String], _ environment: [String: String]
  ) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
    process.arguments = options + ["--", executable] + arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
  }
}
