// Support for the benchmarks: verdicts, progress notes, child processes
// and resident memory (the shared figures are in ClickGuardBenchSupport).

import CBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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

// MARK: Memory

/// Resident memory of this process in bytes (`/proc/self/statm`).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
