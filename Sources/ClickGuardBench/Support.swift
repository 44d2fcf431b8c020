// Support for the benchmarks: a monotonic nanosecond clock, medians, the
// result rows the table is made of, child processes, and the GTK helpers the
// GTK rows share (a mapped window, pumping the main loop, xdotool).

import CBenchSupport
import CGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `CLOCK_MONOTONIC` in nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> Int64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
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

/// One row of the results table.
struct ResultRow {
  /// The row's number and name.
  var name: String
  /// The headline figure, as printed.
  var measured: String
  /// The target, as printed.
  var target: String
  /// PASS, MISS, or a reason it could not be measured.
  var verdict: String
  /// Further figures and explanations, one per line.
  var details: [String] = []
}

/// Prints `rows` as a Markdown table followed by each row's details.
func printTable(_ rows: [ResultRow]) {
  print("")
  print("| row | measured | target | result |")
  print("|---|---|---|---|")
  for row in rows {
    print("| \(row.name) | \(row.measured) | \(row.target) | \(row.verdict) |")
  }
  print("")
  for row in rows where !row.details.isEmpty {
    print("\(row.name):")
    for line in row.details { print("  - \(line)") }
  }
}

/// `PASS` when `ok`, else `MISS`.
func verdict(_ ok: Bool) -> String { ok ? "PASS" : "MISS" }

/// Progress and diagnostics go to stderr, so stdout is only the table (and,
/// in a child, its `key value` lines).
func note(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

// MARK: Child processes

/// The path of this executable.
let selfExecutable: String = {
  (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}()

/// The result of a child process.
struct ChildResult {
  /// Exit status.
  var status: Int32
  /// `key value` lines printed by the child.
  var values: [String: String]
  /// Everything it printed on stdout.
  var output: String
}

/// Runs this executable again with `arguments` (a child mode), waits, and
/// parses its `key value` lines.
func runChild(_ arguments: [String]) -> ChildResult {
  runProgram(selfExecutable, arguments)
}

/// Runs `executable` with `arguments`, waits, and parses `key value` lines.
func runProgram(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> ChildResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let environment { process.environment = environment }
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

// MARK: GTK

/// A GTK widget as the C API hands it out.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Starts GTK with no ClickGuard code involved (the unguarded baselines).
@MainActor
func startPlainGtk() {
  guard gtk_init_check(nil, nil) != 0 else {
    note("no display: run under Xvfb (xvfb-run -a)")
    exit(2)
  }
}

/// Shows `child` in a new toplevel at (x, y), waits until it is mapped and
/// drawn, and returns the window.
@MainActor
func showWindow(_ child: Widget, x: Int32 = 40, y: Int32 = 40) -> Widget {
  let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
  gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), 240, 120)
  gtk_container_add(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkContainer.self), child)
  gtk_widget_show_all(window)
  gtk_window_move(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), x, y)
  pump(until: { gtk_widget_get_mapped(child) != 0 }, timeout: 5)
  pump(for: 0.2)
  return window
}

/// Runs every pending main-loop source without blocking.
@MainActor
@inline(__always)
func drainMainContext() {
  while g_main_context_iteration(nil, 0) != 0 {}
}

/// Runs the GTK main loop for `seconds`.
@MainActor
func pump(for seconds: Double) {
  let end = monotonicNanoseconds() + Int64(seconds * 1e9)
  while monotonicNanoseconds() < end {
    drainMainContext()
    usleep(1000)
  }
}

/// Runs the GTK main loop until `condition` holds or `timeout` passes.
@MainActor
@discardableResult
func pump(until condition: () -> Bool, timeout: Double) -> Bool {
  let end = monotonicNanoseconds() + Int64(timeout * 1e9)
  while monotonicNanoseconds() < end {
    if condition() { return true }
    drainMainContext()
    usleep(1000)
  }
  return condition()
}

/// Runs `xdotool` (real XTEST input) while the main loop keeps running.
@MainActor
@discardableResult
func xdotool(_ arguments: [String]) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
  process.arguments = arguments
  do { try process.run() } catch { return -1 }
  while process.isRunning {
    drainMainContext()
    usleep(500)
  }
  process.waitUntilExit()
  return process.terminationStatus
}

/// The centre of `widget` in screen coordinates.
@MainActor
func screenCenter(of widget: Widget) -> (x: Int32, y: Int32) {
  var allocation = GtkAllocation()
  gtk_widget_get_allocation(widget, &allocation)
  let toplevel = gtk_widget_get_toplevel(widget)!
  var wx: Int32 = 0
  var wy: Int32 = 0
  gtk_widget_translate_coordinates(widget, toplevel, allocation.width / 2, allocation.height / 2, &wx, &wy)
  var ox: Int32 = 0
  var oy: Int32 = 0
  gdk_window_get_origin(gtk_widget_get_window(toplevel), &ox, &oy)
  return (ox + wx, oy + wy)
}

/// The same GObject pointer seen as another C type.
@inline(__always)
func gcast<T>(_ pointer: Widget, to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
  UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}
