// The wakeups the installed module adds to an idle window: the C GTK 3
// window the start-up rows use (first-frame.c --stay), with and without the module in
// GTK3_MODULES, side by side; each one's context switches (every thread's,
// /proc/PID/task/*/status) counted over the same idle time after its first
// frame.

import ClickGuardBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Wakeups of an idle window with and without the module.
enum IdleBench {
  /// A started window: its process and the pipe its figures come through.
  struct Window {
    let process: Process
    let output: FileHandle

    /// Starts `executable --stay` with `module` in GTK3_MODULES, or none.
    init?(_ executable: String, module: String?) {
      process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      let modules = module.map { ["GTK3_MODULES=\($0)"] } ?? ["-u", "GTK3_MODULES"]
      process.arguments = modules + ["NO_AT_BRIDGE=1", executable, "--stay"]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      output = pipe.fileHandleForReading
      do { try process.run() } catch { return nil }
    }

    /// Waits for the first frame (its `first-frame-ms` line); `false` when
    /// the window ended first.
    func waitForFirstFrame() -> Bool {
      var text = ""
      while !text.contains("first-frame-anonymous-kb") {
        let data = output.availableData
        if data.isEmpty { return false }
        text += String(decoding: data, as: UTF8.self)
      }
      return true
    }

    /// Context switches of all its threads so far (voluntary and
    /// involuntary), or `nil` when /proc cannot tell. `env` execs the window
    /// in place, so the pid is the window's.
    func contextSwitches() -> Int? {
      let tasks = "/proc/\(process.processIdentifier)/task"
      guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return nil }
      var total = 0
      for thread in threads {
        guard let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8) else { continue }
        for line in status.split(separator: "\n")
        where line.hasPrefix("voluntary_ctxt_switches") || line.hasPrefix("nonvoluntary_ctxt_switches") {
          total += Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
        }
      }
      return total
    }

    /// How many threads it runs.
    var threadCount: Int {
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task"))?.count ?? 0
    }

    /// Ends it.
    func stop() {
      process.terminate()
      _ = output.readDataToEndOfFile()
      process.waitUntilExit()
    }
  }

  /// Both windows idle for `seconds` after their first frames (and a
  /// second of settling).
  static func row(seconds: Int) -> ResultRow {
    let name = "8. installed module's wakeups in an idle window"
    let budget = "+0 wakeups in \(seconds) s"
    let module: String
    let executable: String
    switch ModuleCostBench.moduleAndWindow() {
    case .success(let found): (module, executable) = found
    case .failure(let error): return .notMeasured(name, budget: budget, ["\(error)"])
    }
    defer { unlink(executable) }
    guard let plain = Window(executable, module: nil), let guarded = Window(executable, module: module) else {
      return .notMeasured(name, budget: budget, ["cannot start \(executable)"])
    }
    defer {
      plain.stop()
      guarded.stop()
    }
    guard plain.waitForFirstFrame(), guarded.waitForFirstFrame() else {
      return .notMeasured(name, budget: budget, ["a window ended before its first frame"])
    }
    // What follows the first frame at once (the frame clock's last phases)
    // is not idle yet.
    sleep(1)
    guard let plainBefore = plain.contextSwitches(), let guardedBefore = guarded.contextSwitches() else {
      return .notMeasured(name, budget: budget, ["/proc/PID/task/*/status unreadable"])
    }
    sleep(UInt32(seconds))
    guard let plainAfter = plain.contextSwitches(), let guardedAfter = guarded.contextSwitches() else {
      return .notMeasured(name, budget: budget, ["/proc/PID/task/*/status unreadable"])
    }
    note("row 8: \(seconds) s idle")
    let without = plainAfter - plainBefore
    let with = guardedAfter - guardedBefore
    var row = ResultRow(
      name: name, measured: "\(signed(Double(with - without), 0)) (\(with) with the module, \(without) without)",
      budget: budget, verdict: verdict(with <= without),
      checks: [BudgetCheck(value: Double(with - without), limit: 0) { "\(signed($0, 0)) wakeups" }])
    row.details = [
      "first-frame.c --stay (the window of rows 6 and 7, left open) with and without the installed module, side "
        + "by side; context switches of all its threads (voluntary + nonvoluntary in /proc/PID/task/*/status) "
        + "over \(seconds) s, from a second after its first frame",
      "with the module: \(with) (\(guarded.threadCount) threads); without: \(without) (\(plain.threadCount) threads)",
    ]
    return row
  }
}
