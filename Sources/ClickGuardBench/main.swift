// clickguard-bench: ClickGuard's benchmarks (`make bench`). Measures
// every row side by side, three runs interleaved, and prints one table: each budget with
// PASS or MISS, the information rows with their figures. GTK rows run in
// child processes (this executable again, `child …`) so each variant starts
// from a clean process.
//
//   clickguard-bench [--quick] [--runs 3] [--rows 1,2,3,4,5,6,7,8,9,10,11]
//   clickguard-bench soak [count]            churn row only; exit 1 on leftover state
//   clickguard-bench core-once VARIANT N     one core-decision run, for profilers
//   clickguard-bench --version

import CGtk
import ClickGuard
import ClickGuardBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Prints how to call the benchmark and exits.
func usage() -> Never {
  note(
    """
    usage: clickguard-bench [--quick] [--runs 3] [--rows 1,2,3,4,5,6,7,8,9,10,11]
           clickguard-bench soak [count]
           clickguard-bench core-once core-supplied|core-system|classic-A|classic-B N
           clickguard-bench child signal VARIANT N [evict]
           clickguard-bench --version
    GTK rows need a display: run under xvfb-run -a.
    """)
  exit(64)
}

/// The machine, for the table's header.
func machineDescription() -> [String] {
  let cpu =
    (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
    .first { $0.hasPrefix("model name") }?.split(separator: ":", maxSplits: 1).last?
    .trimmingCharacters(in: .whitespaces) ?? "unknown"
  let swift = runProgram("/bin/sh", ["-c", "swift --version 2>/dev/null | head -1"]).output
    .trimmingCharacters(in: .whitespacesAndNewlines)
  return [
    "nproc: \(ProcessInfo.processInfo.activeProcessorCount)",
    "CPU: \(cpu)",
    "Swift: \(swift.isEmpty ? "unknown" : swift)",
    "GTK: \(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())",
    "load average at start: \(loadAverage())",
  ]
}

/// Runs one child mode (`child KIND …`): one variant of one row.
@MainActor
func runChildMode(_ args: [String]) {
  guard let kind = args.first else { usage() }
  switch kind {
  case "signal":
    guard args.count == 3 || (args.count == 4 && args[3] == "evict"), let variant = SignalVariant(rawValue: args[1]),
      let count = Int(args[2])
    else { usage() }
    SignalBench.child(variant, count: count, evictingCaches: args.count == 4)
  case "memory":
    guard args.count == 2, let count = Int(args[1]) else { usage() }
    MemoryBench.child(count: count)
  case "churn":
    guard args.count == 3, let count = Int(args[1]), let warmup = Int(args[2]) else { usage() }
    ChurnBench.child(count: count, warmup: warmup)
  case "first-frame":
    StartupBench.swiftWindowChild()
  case "latency":
    guard args.count == 4, let clicks = Int(args[2]), let delay = Int(args[3]) else { usage() }
    LatencyBench.child(guarded: args[1] == "guarded", clicks: clicks, delayMs: delay)
  default:
    usage()
  }
}

/// Parses the arguments and runs what they ask for.
@MainActor
func main() {
  let args = Array(CommandLine.arguments.dropFirst())
  switch args.first {
  case "--version":
    print("clickguard-bench \(ClickGuardVersion.current)")
    return
  case "child":
    runChildMode(Array(args.dropFirst()))
    return
  case "core-once":
    guard args.count == 3, let variant = CoreVariant(rawValue: args[1]), let count = Int(args[2]) else { usage() }
    let run = CoreBench.run(variant, CoreWorkload(decisions: count))
    print("\(variant.rawValue) \(fmt(run.nsPerDecision)) ns/decision, \(run.accepted) accepted")
    return
  case "soak":
    // The churn row alone, small, for valgrind: exits 1 if state is left.
    let count = args.count > 1 ? Int(args[1]) ?? 2000 : 2000
    ChurnBench.child(count: count, warmup: 100)
    let clean = ChurnBench.leftover == 0
    note(clean ? "soak: no ClickGuard state left" : "soak: \(ChurnBench.leftover) gates/states left")
    exit(clean ? 0 : 1)
  default:
    break
  }
  var settings = BenchSettings()
  var i = 0
  while i < args.count {
    switch args[i] {
    case "--quick":
      let (rows, runs) = (settings.rows, settings.runs)
      settings = .quick
      (settings.rows, settings.runs) = (rows, runs)
    case "--runs":
      i += 1
      guard i < args.count, let runs = Int(args[i]), runs > 0 else { usage() }
      settings.runs = runs
    case "--rows":
      i += 1
      guard i < args.count else { usage() }
      settings.rows = Set(args[i].split(separator: ",").compactMap { Int($0) })
    default:
      usage()
    }
    i += 1
  }
  let start = monotonicNanoseconds()
  let machine = machineDescription()
  // The budget rows run `settings.runs` times, interleaved (every row once,
  // then every row again), so a slow spell of the machine falls on one run
  // of each row rather than on all runs of one; the information rows run
  // once, in the first.
  var results: [Int: BudgetRuns] = [:]
  var seconds: [Int: Double] = [:]
  for run in 1...settings.runs {
    for number in settings.rows.sorted() {
      guard run == 1 || !BenchSettings.informationRows.contains(number) else { continue }
      let rowStart = monotonicNanoseconds()
      guard let row = measureRow(number, settings) else { continue }
      seconds[number, default: 0] += Double(monotonicNanoseconds() - rowStart) / 1e9
      results[number, default: BudgetRuns(runs: [])].runs.append(row)
    }
    note("run \(run)/\(settings.runs) done")
  }
  print("ClickGuard benchmarks")
  for line in machine { print("- \(line)") }
  let total = Double(monotonicNanoseconds() - start) / 1e9
  print("- load average at end: \(loadAverage()); run took \(fmt(total, 0)) s")
  let perRow = seconds.keys.sorted().map { "\($0): \(fmt(seconds[$0]!, 0)) s" }
  print("- time per row, all runs: " + perRow.joined(separator: ", "))
  BudgetRuns.printTable(results.keys.sorted().map { results[$0]! }, runs: settings.runs)
}

/// Measures row `number` once with `settings`' counts.
@MainActor
func measureRow(_ number: Int, _ settings: BenchSettings) -> ResultRow? {
  switch number {
  case 1: CoreBench.row(decisions: settings.coreDecisions, runs: settings.coreRuns)
  case 2: SignalBench.row(count: settings.signalEmissions, rounds: settings.signalRounds)
  case 3: MemoryBench.row(count: settings.memoryWidgets)
  case 4: ChurnBench.row(count: settings.churnButtons, warmup: settings.churnWarmup)
  case 5: LatencyBench.row(clicks: settings.latencyClicks, rounds: settings.latencyRounds)
  case 6: StartupBench.row(runs: settings.startupRuns)
  case 7: ModuleCostBench.row(pairs: settings.moduleCostPairs)
  case 8: IdleBench.row(seconds: settings.idleSeconds)
  case 9: RulesFileBench.row(runs: settings.rulesFileRuns)
  case 10: Gtk4Bench.memoryRow(count: settings.memoryWidgets)
  case 11: Gtk4Bench.latencyRow(clicks: settings.latencyClicks, rounds: settings.latencyRounds)
  default: nil
  }
}

MainActor.assumeIsolated { main() }
