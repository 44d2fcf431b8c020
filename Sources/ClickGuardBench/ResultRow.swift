/// One row of one run: what it measured and its verdict in that run.
struct ResultRow {
  /// The row's number and name.
  var name: String
  /// The headline figure, as printed.
  var measured: String
  /// The budget, as printed; `—` for a row printed as information.
  var budget: String
  /// PASS, MISS, `info` for a row without a budget, or why it could not be
  /// measured.
  var verdict: String
  /// Further figures and explanations, one per line.
  var details: [String] = []
  /// The figures the budget judges, each against its limit; empty for an
  /// information row.
  var checks: [BudgetCheck] = []

  /// A row that could not be measured, with what went wrong.
  static func notMeasured(_ name: String, budget: String, _ problems: [String]) -> ResultRow {
    ResultRow(name: name, measured: "—", budget: budget, verdict: "NOT MEASURED", details: problems)
  }

  /// Whether this run found a problem beyond its figures (an action that
  /// did not run, a widget that was not mapped): a MISS whose figures all
  /// pass.
  var hasProblem: Bool {
    verdict == "MISS" && !checks.isEmpty && checks.allSatisfy(\.passes)
  }
}

/// One figure a budget judges: it passes at or under its limit.
struct BudgetCheck {
  /// The figure.
  var value: Double
  /// The most the budget allows.
  var limit: Double
  /// The figure as the table prints it.
  var shown: @Sendable (Double) -> String

  /// Whether the figure is within the budget.
  var passes: Bool { value <= limit }
}
