// Row 7: what the installed module costs an app that loads it — the C GTK 3
// window of row 6 (first-frame.c) to its first frame, with and without the
// module in GTK3_MODULES, in pairs.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Row 7: peak resident memory and CPU the installed module adds to a C GTK
/// 3 window's start-up.
enum ModuleCostBench {
  /// The budget: extra peak resident memory, in KiB (2 MiB).
  static let budgetKiB = 2048.0
  /// The budget: extra CPU time to the first frame, in percent.
  static let budgetCPUPercent = 3.0

  /// The module measured: `$CLICKGUARD_BENCH_MODULE` (make bench sets it),
  /// else the installed build's (`make static`) beside this build tree.
  static var modulePath: String {
    if let path = ProcessInfo.processInfo.environment["CLICKGUARD_BENCH_MODULE"], !path.isEmpty { return path }
    // .build/<triple>/release/clickguard-bench → .build/install/release/
    return URL(fileURLWithPath: selfExecutable).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("install/release/libclickguard-gtk-module.so").path
  }

  /// What one start of the window printed at its first frame.
  struct Start {
    /// Peak resident memory (ru_maxrss), KiB.
    var peakKiB: Double
    /// User and system CPU time, ms.
    var cpuMs: Double
    /// Memory only this process can use (anonymous: written pages), KiB.
    var anonymousKiB: Double
  }

  /// One start of the window, with `module` in GTK3_MODULES or none.
  static func measure(_ window: String, module: String?) -> Start? {
    let modules = module.map { ["GTK3_MODULES=\($0)"] } ?? ["-u", "GTK3_MODULES"]
    let result = runProgram("/usr/bin/env", modules + ["NO_AT_BRIDGE=1", window])
    guard result.status == 0, let peak = result.values["first-frame-peak-rss-kb"].flatMap(Double.init),
      let cpu = result.values["first-frame-cpu-ms"].flatMap(Double.init),
      let anonymous = result.values["first-frame-anonymous-kb"].flatMap(Double.init)
    else { return nil }
    return Start(peakKiB: peak, cpuMs: cpu, anonymousKiB: anonymous)
  }

  /// Row 7: `pairs` starts of the window without and with the module,
  /// interleaved, after one uncounted start of each.
  static func row(pairs: Int) -> ResultRow {
    let name = "7. installed module's cost to a C window's start"
    let budget = "≤ +\(fmt(budgetKiB / 1024, 0)) MiB peak RSS, ≤ +\(fmt(budgetCPUPercent, 0))% CPU"
    let module = modulePath
    guard FileManager.default.fileExists(atPath: module) else {
      return .notMeasured(name, budget: budget, ["no module at \(module): build it with make static"])
    }
    let window: String
    switch StartupBench.compileC() {
    case .success(let path): window = path
    case .failure(let error): return .notMeasured(name, budget: budget, ["\(error)"])
    }
    defer { unlink(window) }
    _ = measure(window, module: nil)
    _ = measure(window, module: module)
    var plain: [Start] = []
    var guarded: [Start] = []
    var problems: [String] = []
    for round in 1...pairs {
      // Alternate which goes first, so neither always starts on a warmer machine.
      for withModule in round % 2 == 0 ? [false, true] : [true, false] {
        if let start = measure(window, module: withModule ? module : nil) {
          if withModule { guarded.append(start) } else { plain.append(start) }
        } else {
          problems.append("round \(round) \(withModule ? "with" : "without") the module printed no figures")
        }
      }
    }
    note("row 7: \(pairs) pairs")
    guard !plain.isEmpty, !guarded.isEmpty else { return .notMeasured(name, budget: budget, problems) }
    let extraKiB = median(guarded.map(\.peakKiB)) - median(plain.map(\.peakKiB))
    let extraCPU = 100 * (median(guarded.map(\.cpuMs)) / median(plain.map(\.cpuMs)) - 1)
    let ok = extraKiB <= budgetKiB && extraCPU <= budgetCPUPercent && problems.isEmpty
    var row = ResultRow(
      name: name, measured: "+\(fmt(extraKiB / 1024, 2)) MiB, \(extraCPU >= 0 ? "+" : "")\(fmt(extraCPU, 1))% CPU",
      budget: budget, verdict: verdict(ok))
    let size = (try? FileManager.default.attributesOfItem(atPath: module)[.size] as? Int) ?? 0
    row.details = [
      "first-frame.c to its first frame, \(pairs) pairs interleaved (after one uncounted start of each); "
        + "medians of getrusage at the first frame (ru_maxrss, user + system time)",
      "peak resident memory: \(fmt(median(guarded.map(\.peakKiB)) / 1024, 1)) MiB with the module, "
        + "\(fmt(median(plain.map(\.peakKiB)) / 1024, 1)) MiB without",
      "CPU time to the first frame: \(fmt(median(guarded.map(\.cpuMs)), 1)) ms with, "
        + "\(fmt(median(plain.map(\.cpuMs)), 1)) ms without",
      "of which written by the process, which no other app shares (anonymous memory at the first frame): "
        + "+\(fmt((median(guarded.map(\.anonymousKiB)) - median(plain.map(\.anonymousKiB))) / 1024, 2)) MiB; "
        + "the rest is the module's code and data read from the page cache, one copy for every app that loads it",
      "module: \(module) (\(fmt(Double(size) / 1_048_576, 1)) MiB on disk, unstripped)",
    ]
    row.details += problems
    return row
  }
}
