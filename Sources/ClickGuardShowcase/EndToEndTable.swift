// EndToEndTable: the end-to-end scenarios' runs as one Markdown table,
// guard on beside guard off, for the showcase and the README.

/// Renders end-to-end runs.
package enum EndToEndTable {
  /// The column headers.
  static let header = [
    "#", "scenario", "run", "demo options", "input sent", "navigations", "spill-over", "guard drops", "fence drops",
    "detail", "result",
  ]

  /// The table row of `run`.
  package static func row(_ run: ScenarioRun) -> [String] {
    let o = run.outcome
    let options = run.arguments.isEmpty ? "(defaults)" : run.arguments.joined(separator: " ")
    let input = run.scenario.input(for: run.side).map(\.description).joined(separator: "; ")
    return [
      run.scenario.id, run.scenario.name, run.side.rawValue, options, input, String(o.navigations),
      run.scenario.countsSpillOver ? String(o.spillOver) : "(clicked)", String(o.dropped), String(o.fenceDrops),
      run.scenario.detail(o), result(of: run),
    ]
  }

  /// `FAIL`, or what the passing run showed.
  private static func result(of run: ScenarioRun) -> String {
    guard run.passed else { return "FAIL" }
    switch (run.side, run.scenario.isReferenceWhenOff) {
    case (.on, _): return "pass"
    case (.off, true): return "pass (reference)"
    case (.off, false): return "pass: duplicate shown"
    }
  }

  /// Renders `runs` as a Markdown table with aligned columns.
  package static func render(_ runs: [ScenarioRun]) -> String {
    markdownTable([header] + runs.map(row))
  }

  /// What the columns mean.
  package static let legend = """
    navigations: pages pushed; spill-over: "Add to cart" (the next page's button at the spot of "Open details") \
    ran; guard drops: clicks the guard dropped; fence drops: presses the spill-over fence consumed; guard off: \
    --no-guard --no-fence (the app without ClickGuard), except scenario 5: --no-fence (the per-control guard stays \
    on). Guard on must give exactly one navigation and no spill-over; guard off must show the duplicate. In 7 and \
    8 guard off is the reference: guard on must let every toggle and every click through, as the guard-off run does.
    """
}
