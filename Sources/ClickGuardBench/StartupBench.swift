// The demo's start-up to its first frame, against a minimal C GTK 3
// window (first-frame.c, compiled here with cc + pkg-config), in the same run.

import CGtk
import ClickGuardBenchSupport
import ClickGuardGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The demo's start-up against a C GTK 3 window.
enum StartupBench {
  /// The budget: demo start-up over the C window's.
  static let budgetRatio = 2.0

  /// first-frame.c, next to this file in the source tree.
  static let cSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("first-frame.c").path

  /// The demo binary built next to this one, if any.
  static var demoPath: String? {
    let path = URL(fileURLWithPath: selfExecutable).deletingLastPathComponent()
      .appendingPathComponent("clickguard-demo").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Compiles first-frame.c; returns the binary or why it failed.
  static func compileC() -> Result<String, StartupError> {
    let output = NSTemporaryDirectory() + "clickguard-first-frame-\(getpid())"
    let result = runProgram(
      "/bin/sh", ["-c", "cc -O2 -o '\(output)' '\(cSource)' $(pkg-config --cflags --libs gtk+-3.0) 2>&1"])
    guard result.status == 0 else {
      return .failure(StartupError(description: "cc failed: \(result.output)"))
    }
    return .success(output)
  }

  /// One start: wall time from spawn to the `first-frame-ms` line (ms), and
  /// the figure the program printed.
  static func measure(_ executable: String, _ arguments: [String]) -> (external: Double, reported: Double)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    let start = monotonicNanoseconds()
    do { try process.run() } catch { return nil }
    var text = ""
    var external: Double?
    var reported: Double?
    let handle = pipe.fileHandleForReading
    while reported == nil {
      let data = handle.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
      for line in text.split(separator: "\n") where line.hasPrefix("first-frame-ms ") {
        external = Double(monotonicNanoseconds() - start) / 1e6
        reported = Double(line.dropFirst("first-frame-ms ".count).trimmingCharacters(in: .whitespaces))
      }
    }
    _ = handle.readDataToEndOfFile()
    process.waitUntilExit()
    guard let external, let reported else { return nil }
    return (external, reported)
  }

  /// Milliseconds since this process started (/proc/self/stat starttime
  /// against CLOCK_BOOTTIME), as first-frame.c computes it.
  static func msSinceProcessStart() -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return -1 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // fields[0] is field 3 (state); starttime is field 22.
    guard fields.count > 19, let ticks = Double(fields[19]) else { return -1 }
    var spec = timespec()
    clock_gettime(CLOCK_BOOTTIME, &spec)
    let now = Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
    return now - 1e3 * ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Whether the window of ``swiftWindowChild()`` has drawn.
  @MainActor static var drawn = false

  /// Child process: the window of first-frame.c, built from Swift in this
  /// executable (Swift runtime, Foundation and ClickGuard loaded, no
  /// ClickGuard code run): separates the cost of a Swift process from the
  /// demo's own start-up work.
  @MainActor
  static func swiftWindowChild() {
    startPlainGtk()
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(window.cast(to: GtkWindow.self), 480, 320)
    let header = gtk_header_bar_new()!
    gtk_header_bar_set_title(header.cast(to: GtkHeaderBar.self), "First frame")
    gtk_header_bar_set_show_close_button(header.cast(to: GtkHeaderBar.self), 1)
    gtk_window_set_titlebar(window.cast(to: GtkWindow.self), header)
    gtk_container_add(window.cast(to: GtkContainer.self), gtk_button_new_with_label("Open details"))
    cg_signal_connect_pointer(window, "draw", windowDrawn, nil, nil, G_CONNECT_AFTER)
    gtk_widget_show_all(window)
    let clock = gtk_widget_get_frame_clock(window)!
    cg_signal_connect_void(
      UnsafeMutableRawPointer(clock), "after-paint", frameClockPainted, nil, nil, GConnectFlags(rawValue: 0))
    gtk_main()
  }

  /// `runs` starts of each, interleaved.
  static func row(runs: Int) -> ResultRow {
    let name = "6. demo start-up to first frame"
    let budget = "demo/C ≤ \(fmt(budgetRatio, 1))×"
    let c: String
    switch compileC() {
    case .success(let path): c = path
    case .failure(let error):
      return .notMeasured(name, budget: budget, ["\(error)"])
    }
    defer { unlink(c) }
    guard let demo = demoPath else {
      note("row 6: demo not built")
      var cTimes: [Double] = []
      for _ in 0..<runs { if let r = measure(c, []) { cTimes.append(r.external) } }
      return ResultRow(
        name: name, measured: "demo not built", budget: budget, verdict: "NOT MEASURED",
        details: [
          "no clickguard-demo next to \(selfExecutable); build it (swift build -c release --product clickguard-demo)",
          "C baseline alone: \(cTimes.isEmpty ? "failed" : fmt(median(cTimes), 1) + " ms") spawn → first frame",
        ])
    }
    var cExternal: [Double] = []
    var cReported: [Double] = []
    var dExternal: [Double] = []
    var dReported: [Double] = []
    var sExternal: [Double] = []
    var problems: [String] = []
    // One start of each first, not counted: loads the libraries into the page
    // cache for both.
    _ = measure(c, [])
    _ = measure(demo, ["--quit-after-first-frame"])
    for round in 1...runs {
      if let r = measure(c, []) {
        cExternal.append(r.external)
        cReported.append(r.reported)
      } else {
        problems.append("C baseline run \(round) printed no first-frame-ms")
      }
      if let r = measure(demo, ["--quit-after-first-frame"]) {
        dExternal.append(r.external)
        dReported.append(r.reported)
      } else {
        problems.append("demo run \(round) printed no first-frame-ms")
      }
      if let r = measure(selfExecutable, ["child", "first-frame"]) { sExternal.append(r.external) }
    }
    note("row 6: \(runs) starts each")
    guard !cExternal.isEmpty, !dExternal.isEmpty else {
      return .notMeasured(name, budget: budget, problems)
    }
    let ratio = median(dExternal) / median(cExternal)
    var row = ResultRow(
      name: name, measured: "\(fmt(ratio, 2))× (\(fmt(median(dExternal), 0)) ms vs \(fmt(median(cExternal), 0)) ms)",
      budget: budget, verdict: verdict(ratio <= budgetRatio && problems.isEmpty),
      checks: [BudgetCheck(value: ratio, limit: budgetRatio) { "\(fmt($0, 2))×" }])
    row.details = [
      "wall time from spawn to the `first-frame-ms` line, median of \(runs) starts each, interleaved, after one "
        + "uncounted start of each",
      "demo (clickguard-demo --quit-after-first-frame): \(fmt(median(dExternal), 1)) ms; C GTK 3 window "
        + "(first-frame.c): \(fmt(median(cExternal), 1)) ms; ratio \(fmt(ratio, 2))",
      "as the programs report it (process start → first frame, /proc starttime, 10 ms ticks): demo "
        + "\(fmt(median(dReported), 1)) ms, C \(fmt(median(cReported), 1)) ms",
      "the same window as first-frame.c from a Swift process (this executable, Swift runtime + Foundation + "
        + "ClickGuard linked, no ClickGuard code run): "
        + (sExternal.isEmpty
          ? "failed" : "\(fmt(median(sExternal), 1)) ms, \(fmt(median(sExternal) / median(cExternal), 2))× C"),
    ]
    row.details += problems
    return row
  }
}

/// `draw` of the window, after GTK's own: the first frame is being drawn.
private let windowDrawn: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { _, _, _ in
  // GTK draws on its own thread, the main one.
  MainActor.assumeIsolated { StartupBench.drawn = true }
  return 0
}

/// The frame clock's `after-paint`: once the window has drawn, prints the
/// time since the process started and quits.
private let frameClockPainted: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
  MainActor.assumeIsolated {
    guard StartupBench.drawn else { return }
    print("first-frame-ms \(fmt(StartupBench.msSinceProcessStart(), 1))")
    fflush(nil)
    gtk_main_quit()
  }
}
