// Support for the benchmarks: a monotonic nanosecond clock, medians,
// formatting, progress notes, child processes and memory figures.

import CBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `CLOCK_MONOTONIC` in nanoseconds: the stopwatch every row times with.
func monotonicNanoseconds() -> Int64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`) in
/// nanoseconds: what the CPU rows time with, so time the thread spends
/// preempted on a busy machine is not counted.
func threadCPUNanoseconds() -> Int64 {
  var spec = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
  precondition(!values.isEmpty, "median of nothing")
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// The `p`-th percentile (0…100, nearest rank) of `values`.
func percentile(_ values: [Double], _ p: Double) -> Double {
  precondition(!values.isEmpty, "percentile of nothing")
  let sorted = values.sorted()
  let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
  return sorted[min(max(rank, 0), sorted.count - 1)]
}

/// Formats `value` with `digits` decimals.
func fmt(_ value: Double, _ digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}

/// Formats `value` with `digits` decimals and its sign (`+1.5`, `-0.3`).
func signed(_ value: Double, _ digits: Int = 1) -> String {
  (value >= 0 ? "+" : "") + fmt(value, digits)
}

/// `PASS` when `ok`, else `MISS`.
func verdict(_ ok: Bool) -> String { ok ? "PASS" : "MISS" }

/// Progress and diagnostics go to stderr, so stdout is only the table (and,
/// in a child, its `key value` lines).
func note(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The first three fields of `/proc/loadavg`.
func loadAverage() -> String {
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
    .joined(separator: " ") ?? "?"
}

// MARK: Child processes

/// The path of this executable.
let selfExecutable: String = {
  (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}()

/// Runs this executable again with `arguments` (a child mode), waits, and
/// parses its `key value` lines.
func runChild(_ arguments: [String]) -> ChildResult {
  runProgram(selfExecutable, arguments)
}

/// Runs `executable` with `arguments`, waits, and parses `key value` lines.
func runProgram(_ executable: String, _ arguments: [String]) -> ChildResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  do { try process.run() } catch {
    return ChildResult(status: -1, values: [:], output: "cannot run \(executable): \(error)")
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let output = String(decoding: data, as: UTF8.self)
  var values: [String: String] = [:]
  for line in output.split(separator: "\n") {
    let parts = line.split(separator: " ", maxSplits: 1)
    if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
  }
  return ChildResult(status: process.terminationStatus, values: values, output: output)
}

/// Prints a `key value` line for the parent.
func report(_ key: String, _ value: CustomStringConvertible) {
  print("\(key) \(value)")
}

// MARK: Memory

/// Resident memory of this process in bytes (`/proc/self/statm`).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Bytes in use in malloc's heap.
func heapInUse() -> Int { Int(cgb_heap_in_use()) }
