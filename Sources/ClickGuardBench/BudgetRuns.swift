// BudgetRuns: the verdict of a budget row over the runs of `make bench`:
// each figure's median against its limit, every run's figure printed beside
// it, so a reader sees how far the runs spread.

import ClickGuardBenchSupport

/// One row's results from every run, and the verdict they give together.
struct BudgetRuns {
  /// The row in each run, in the order the runs were made.
  var runs: [ResultRow]

  /// The row's name (the first run's, which carries any count in it).
  var name: String { runs.first?.name ?? "?" }

  /// The budget, as printed.
  var budget: String { runs.first?.budget ?? "—" }

  /// The runs that measured the row.
  private var measured: [ResultRow] { runs.filter { $0.verdict != "NOT MEASURED" } }

  /// Each figure's median over the runs, with its limit; nil when a run did
  /// not measure the row or the runs disagree on what they checked.
  var medians: [BudgetCheck]? {
    guard measured.count == runs.count, let first = runs.first, !first.checks.isEmpty,
      runs.allSatisfy({ $0.checks.count == first.checks.count })
    else { return nil }
    return first.checks.indices.map { index in
      var check = first.checks[index]
      check.value = median(runs.map { $0.checks[index].value })
      return check
    }
  }

  /// PASS when every figure's median is within its limit and no run found a
  /// problem; `info` for a row without a budget.
  var verdict: String {
    if runs.allSatisfy({ $0.verdict == "info" }) { return "info" }
    guard let medians else {
      // A row without figures to take the median of: the verdict most runs
      // gave (with one limit, the same as the median's).
      if measured.count < runs.count { return "NOT MEASURED" }
      let passes = runs.filter { $0.verdict == "PASS" }.count
      return passes * 2 > runs.count ? "PASS" : "MISS"
    }
    return medians.allSatisfy(\.passes) && !runs.contains(where: \.hasProblem) ? "PASS" : "MISS"
  }

  /// The medians as printed, or the median run's headline.
  var medianShown: String {
    if let medians { return medians.map { $0.shown($0.value) }.joined(separator: ", ") }
    if runs.count == 1 { return runs[0].measured }
    let values = runs.compactMap { leadingNumber($0.measured) }
    guard values.count == runs.count else { return "—" }
    let middle = median(values)
    return runs.first { leadingNumber($0.measured) == middle }?.measured ?? "—"
  }

  /// Prints `rows` as one Markdown table (each run's headline, the median,
  /// the budget, the verdict), then every run's details.
  static func printTable(_ rows: [BudgetRuns], runs: Int) {
    print("")
    let runHeads = (1...runs).map { "run \($0)" }
    print("| row | " + runHeads.joined(separator: " | ") + " | median | budget | result |")
    print("|---|" + String(repeating: "---|", count: runs + 3))
    for row in rows {
      var cells = row.runs.map(\.measured)
      cells += Array(repeating: "—", count: max(0, runs - cells.count))
      let cellsText = cells.joined(separator: " | ")
      print("| \(row.name) | \(cellsText) | \(row.medianShown) | \(row.budget) | \(row.verdict) |")
    }
    for row in rows {
      for (index, run) in row.runs.enumerated() where !run.details.isEmpty {
        print("")
        print(row.runs.count == 1 ? "\(row.name):" : "\(row.name), run \(index + 1):")
        for line in run.details { print("  - \(line)") }
      }
    }
  }
}

/// The number a headline starts with (`2.95` in `2.95× (…)`, `+8.4` in
/// `+8.4 µs on …`).
private func leadingNumber(_ text: String) -> Double? {
  let number = text.prefix { $0.isNumber || $0 == "." || $0 == "+" || $0 == "-" }
  return Double(number)
}
