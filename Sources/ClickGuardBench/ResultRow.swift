/// One row of the results table.
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

  /// A row that could not be measured, with what went wrong.
  static func notMeasured(_ name: String, budget: String, _ problems: [String]) -> ResultRow {
    ResultRow(name: name, measured: "—", budget: budget, verdict: "NOT MEASURED", details: problems)
  }

  /// Prints `rows` as a Markdown table followed by each row's details.
  static func printTable(_ rows: [ResultRow]) {
    print("")
    print("| row | measured | budget | result |")
    print("|---|---|---|---|")
    for row in rows {
      print("| \(row.name) | \(row.measured) | \(row.budget) | \(row.verdict) |")
    }
    print("")
    for row in rows where !row.details.isEmpty {
      print("\(row.name):")
      for line in row.details { print("  - \(line)") }
    }
  }
}
