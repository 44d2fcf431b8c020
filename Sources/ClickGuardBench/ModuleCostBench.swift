// What the installed module costs an app that loads it — the C GTK 3
// window the demo start-up is measured against (first-frame.c) to its first frame, with and without the
// module in GTK3_MODULES, in pairs: the private (unshared) memory it adds and
// the CPU time, with peak resident memory as information.

import ClickGuardBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Private memory and CPU the installed module adds to a C GTK 3
/// window's start-up.
enum ModuleCostBench {
  /// The budget: extra private (anonymous) memory at the first frame, in
  /// KiB.
  static let budgetPrivateKiB = 512.0
  /// The budget: extra CPU time to the first frame, in percent.
  static let budgetCPUPercent = 5.0

  /// The module measured: `$CLICKGUARD_BENCH_MODULE` (make bench sets it),
  /// else the installed build's (`make static`) beside this build tree.
  static var modulePath: String {
    if let path = ProcessInfo.processInfo.environment["CLICKGUARD_BENCH_MODULE"], !path.isEmpty { return path }
    // .build/<triple>/release/clickguard-bench → .build/install/release/
    return URL(fileURLWithPath: selfExecutable).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("install/release/libclickguard-gtk-module.so").path
  }

  /// The installed module and the C window compiled for a run (the caller
  /// unlinks the window), or why either is missing.
  static func moduleAndWindow() -> Result<(module: String, window: String), StartupError> {
    let module = modulePath
    guard FileManager.default.fileExists(atPath: module) else {
      return .failure(StartupError(description: "no module at \(module): build it with make static"))
    }
    return StartupBench.compileC().map { (module, $0) }
  }

  /// What one start of the window printed at its first frame.
  struct Start {
    /// Peak resident memory (ru_maxrss), KiB.
    var peakKiB: Double
    /// User and system CPU time, ms.
    var cpuMs: Double
    /// Of which system time, ms.
    var systemMs: Double
    /// Memory only this process can use (anonymous: written pages), KiB.
    var anonymousKiB: Double
  }

  /// One start of the window, with `module` in GTK3_MODULES or none.
  static func measure(_ window: String, module: String?) -> Start? {
    let modules = module.map { ["GTK3_MODULES=\($0)"] } ?? ["-u", "GTK3_MODULES"]
    let result = runProgram("/usr/bin/env", modules + ["NO_AT_BRIDGE=1", window])
    guard result.status == 0, let peak = result.values["first-frame-peak-rss-kb"].flatMap(Double.init),
      let cpu = result.values["first-frame-cpu-ms"].flatMap(Double.init),
      let system = result.values["first-frame-system-ms"].flatMap(Double.init),
      let anonymous = result.values["first-frame-anonymous-kb"].flatMap(Double.init)
    else { return nil }
    return Start(peakKiB: peak, cpuMs: cpu, systemMs: system, anonymousKiB: anonymous)
  }

  /// `pairs` starts of the window without and with the module,
  /// interleaved, after one uncounted start of each.
  static func row(pairs: Int) -> ResultRow {
    let name = "7. installed module's cost to a C window's start"
    let budget = "≤ +\(fmt(budgetPrivateKiB / 1024, 1)) MiB private, ≤ +\(fmt(budgetCPUPercent, 0))% CPU"
    let module: String
    let window: String
    switch moduleAndWindow() {
    case .success(let found): (module, window) = found
    case .failure(let error): return .notMeasured(name, budget: budget, ["\(error)"])
    }
    defer { unlink(window) }
    _ = measure(window, module: nil)
    _ = measure(window, module: module)
    var plain: [Start] = []
    var guarded: [Start] = []
    /// Per pair: CPU with the module − without (ms).
    var cpuDifferences: [Double] = []
    var problems: [String] = []
    for round in 1...pairs {
      // Alternate which goes first, so neither always starts on a warmer machine.
      var pair: [Bool: Start] = [:]
      for withModule in round % 2 == 0 ? [false, true] : [true, false] {
        if let start = measure(window, module: withModule ? module : nil) {
          pair[withModule] = start
          if withModule { guarded.append(start) } else { plain.append(start) }
        } else {
          problems.append("round \(round) \(withModule ? "with" : "without") the module printed no figures")
        }
      }
      if let with = pair[true], let without = pair[false] { cpuDifferences.append(with.cpuMs - without.cpuMs) }
    }
    note("row 7: \(pairs) pairs")
    guard !cpuDifferences.isEmpty else { return .notMeasured(name, budget: budget, problems) }
    let extraPeakKiB = median(guarded.map(\.peakKiB)) - median(plain.map(\.peakKiB))
    let extraPrivateKiB = median(guarded.map(\.anonymousKiB)) - median(plain.map(\.anonymousKiB))
    // The median of the pairs' differences: each pair ran back to back, so
    // the machine's drift over the run cancels out.
    let extraCPU = 100 * median(cpuDifferences) / median(plain.map(\.cpuMs))
    let ok = extraPrivateKiB <= budgetPrivateKiB && extraCPU <= budgetCPUPercent && problems.isEmpty
    var row = ResultRow(
      name: name,
      measured: "\(signed(extraPrivateKiB / 1024, 2)) MiB private, \(signed(extraCPU, 1))% CPU "
        + "(peak RSS \(signed(extraPeakKiB / 1024, 2)) MiB)",
      budget: budget, verdict: verdict(ok),
      checks: [
        BudgetCheck(value: extraPrivateKiB / 1024, limit: budgetPrivateKiB / 1024) { "\(signed($0, 2)) MiB private" },
        BudgetCheck(value: extraCPU, limit: budgetCPUPercent) { "\(signed($0, 1))% CPU" },
      ])
    let size = (try? FileManager.default.attributesOfItem(atPath: module)[.size] as? Int) ?? 0
    row.details = [
      "first-frame.c to its first frame, \(pairs) pairs interleaved (which starts first alternates; after one "
        + "uncounted start of each); figures at the first frame: anonymous memory (/proc/self/smaps_rollup), "
        + "getrusage's user + system time and ru_maxrss; medians, the CPU one the median of the pairs' differences",
      "private memory (anonymous at the first frame: written by the process, shared with no other app): "
        + "\(fmt(median(guarded.map(\.anonymousKiB)) / 1024, 2)) MiB with the module, "
        + "\(fmt(median(plain.map(\.anonymousKiB)) / 1024, 2)) MiB without: \(signed(extraPrivateKiB / 1024, 2)) MiB "
        + "(budget +\(fmt(budgetPrivateKiB / 1024, 1)) MiB)",
      "CPU time to the first frame: \(fmt(median(guarded.map(\.cpuMs)), 1)) ms with (system "
        + "\(fmt(median(guarded.map(\.systemMs)), 1)) ms), \(fmt(median(plain.map(\.cpuMs)), 1)) ms without (system "
        + "\(fmt(median(plain.map(\.systemMs)), 1)) ms); median difference \(signed(median(cpuDifferences), 1)) ms, "
        + "\(signed(extraCPU, 1))% (budget +\(fmt(budgetCPUPercent, 0))%); the pairs' differences run from "
        + "\(signed(cpuDifferences.min()!, 1)) to \(signed(cpuDifferences.max()!, 1)) ms",
      "peak resident memory (information): \(fmt(median(guarded.map(\.peakKiB)) / 1024, 1)) MiB with, "
        + "\(fmt(median(plain.map(\.peakKiB)) / 1024, 1)) MiB without; beyond the private part it is the module's "
        + "code and read-only data from the page cache, one copy for every app that loads it",
      "module: \(module) (\(fmt(Double(size) / 1_048_576, 1)) MiB on disk, unstripped)",
    ]
    row.details += problems
    return row
  }
}
