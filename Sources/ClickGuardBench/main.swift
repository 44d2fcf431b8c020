// clickguard-bench: ClickGuard's benchmarks (see BENCHMARKS.md). Measures
// every row side by side in one run and prints one table: each budget with
// PASS or MISS, the information rows with their figures. GTK rows run in
// child processes (this executable again, `child …`) so each variant starts
// from a clean process.
//
//   clickguard-bench [--quick] [--rows 1,2,3,4,5,6,7,8,9]
//   clickguard-bench soak [count]            churn row only; exit 1 on leftover state
//   clickguard-bench core-once VARIANT N     one row-1 run, for profilers
//   clickguard-bench --version

import CGtk
import ClickGuard
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Prints how to call the benchmark and exits.
func usage() -> Never {
  note(
    """
    usage: clickguard-bench [--quick] [--rows 1,2,3,4,5,6,7,8,9]
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
      let rows = settings.rows
      settings = .quick
      settings.rows = rows
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
  var rows: [ResultRow] = []
  if settings.rows.contains(1) {
    rows.append(CoreBench.row(decisions: settings.coreDecisions, runs: settings.coreRuns))
  }
  if settings.rows.contains(2) {
    rows.append(SignalBench.row(count: settings.signalEmissions, rounds: settings.signalRounds))
  }
  if settings.rows.contains(3) { rows.append(MemoryBench.row(count: settings.memoryWidgets)) }
  if settings.rows.contains(4) {
    rows.append(ChurnBench.row(count: settings.churnButtons, warmup: settings.churnWarmup))
  }
  if settings.rows.contains(5) {
    rows.append(LatencyBench.row(clicks: settings.latencyClicks, rounds: settings.latencyRounds))
  }
  if settings.rows.contains(6) { rows.append(StartupBench.row(runs: settings.startupRuns)) }
  if settings.rows.contains(7) { rows.append(ModuleCostBench.row(pairs: settings.moduleCostPairs)) }
  if settings.rows.contains(8) { rows.append(IdleBench.row(seconds: settings.idleSeconds)) }
  if settings.rows.contains(9) { rows.append(RulesFileBench.row(runs: settings.rulesFileRuns)) }
  print("ClickGuard benchmarks")
  for line in machine { print("- \(line)") }
  let seconds = Double(monotonicNanoseconds() - start) / 1e9
  print("- load average at end: \(loadAverage()); run took \(fmt(seconds, 0)) s")
  ResultRow.printTable(rows)
}

MainActor.assumeIsolated { main() }
