/// Settings of one benchmark run: which rows, and how many of everything.
struct BenchSettings {
  /// The rows to run (1…9).
  var rows: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 8, 9]
  /// Row 1: decisions per run.
  var coreDecisions = 1_000_000
  /// Row 1: runs per variant.
  var coreRuns = 7
  /// Row 2: emissions per process.
  var signalEmissions = 1_000_000
  /// Row 2: processes per variant.
  var signalRounds = 5
  /// Row 3: widgets wrapped and clicked.
  var memoryWidgets = 10_000
  /// Row 4: buttons churned after the warm-up.
  var churnButtons = 100_000
  /// Row 4: buttons churned before measuring.
  var churnWarmup = 10_000
  /// Row 5: real clicks per process.
  var latencyClicks = 200
  /// Row 5: processes per variant. A process's median moves by about
  /// ±10 µs with GTK's handling of the press, as much as the budget: nine
  /// make the median steadier.
  var latencyRounds = 9
  /// Row 6: starts per program.
  var startupRuns = 7
  /// Row 7: starts of the window with and without the module. The pairs'
  /// CPU differences spread over ±20 ms around a budget of about 3 ms: the
  /// median of 61 moves by about half a millisecond between runs.
  var moduleCostPairs = 61
  /// Row 8: seconds the windows stay idle.
  var idleSeconds = 20
  /// Row 9: reads of the largest rules file, each way.
  var rulesFileRuns = 7

  /// Smaller counts for a quick look (figures noisier; row 4 churns fewer
  /// buttons than its budget is stated for).
  static let quick = BenchSettings(
    coreDecisions: 1_000_000, coreRuns: 3, signalEmissions: 200_000, signalRounds: 3, memoryWidgets: 5_000,
    churnButtons: 20_000, churnWarmup: 5_000, latencyClicks: 60, latencyRounds: 3, startupRuns: 3,
    moduleCostPairs: 9, idleSeconds: 5, rulesFileRuns: 3)
}
