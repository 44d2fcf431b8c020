/// Settings of one benchmark run: which rows, how many runs, and how many of
/// everything in each.
struct BenchSettings {
  /// The rows printed as information, without a budget: measured once.
  static let informationRows: Set<Int> = [1, 2]

  /// The rows to run (1…11; 10 and 11 are GTK 4's).
  var rows: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
  /// Runs of every budget row, interleaved; the verdict is their median.
  var runs = 3
  /// Core decisions: decisions per run.
  var coreDecisions = 1_000_000
  /// Core decisions: runs per variant.
  var coreRuns = 5
  /// Emission cost: emissions per process.
  var signalEmissions = 500_000
  /// Emission cost: processes per variant.
  var signalRounds = 3
  /// Heap per widget: widgets wrapped and clicked.
  var memoryWidgets = 5_000
  /// Churn: buttons churned after the warm-up.
  var churnButtons = 100_000
  /// Churn: buttons churned before measuring.
  var churnWarmup = 10_000
  /// Latency: real clicks per process.
  var latencyClicks = 120
  /// Latency: processes per variant. A process's median moves with GTK's
  /// handling of the press about as much as the budget: several processes
  /// make each run's median steadier.
  var latencyRounds = 5
  /// Demo start-up: starts per program.
  var startupRuns = 5
  /// Module start-up: starts of the window with and without the module.
  /// The pairs' CPU differences spread far wider than the budget: many
  /// pairs make the median steadier.
  var moduleCostPairs = 31
  /// Idle wakeups: seconds the windows stay idle.
  var idleSeconds = 10
  /// Rules file: reads of the largest file, each way.
  var rulesFileRuns = 5

  /// Smaller counts for a quick look (figures noisier; the churn runs fewer
  /// buttons than its budget is stated for).
  static let quick = BenchSettings(
    coreDecisions: 1_000_000, coreRuns: 3, signalEmissions: 200_000, signalRounds: 3, memoryWidgets: 5_000,
    churnButtons: 20_000, churnWarmup: 5_000, latencyClicks: 60, latencyRounds: 3, startupRuns: 3,
    moduleCostPairs: 9, idleSeconds: 5, rulesFileRuns: 3)
}
