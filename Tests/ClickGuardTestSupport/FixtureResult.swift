// FixtureResult: what a run of the fixture app printed and how it ended.

/// What a fixture run printed and how it ended.
struct FixtureResult {
  /// The exit status, or the signal that ended it when `signaled`.
  let status: Int32
  /// Whether a signal ended it.
  let signaled: Bool
  /// The stdout lines.
  let lines: [String]
  /// Everything on stderr.
  let stderr: String

  /// The fields of the `final` line: clicked, activated, active, maxgap.
  var final: [String: String] {
    guard let line = lines.last(where: { $0.hasPrefix("final ") }) else { return [:] }
    var fields: [String: String] = [:]
    for field in line.split(separator: " ").dropFirst() {
      let parts = field.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
  }

  /// How many times Count's `clicked` handler ran.
  var clicked: Int? { final["clicked"].flatMap { Int($0) } }
  /// How many times the `win.bump` GAction ran.
  var activated: Int? { final["activated"].flatMap { Int($0) } }
  /// The longest the main loop was blocked, in ms.
  var maxGap: Int? { final["maxgap"].flatMap { Int($0) } }
  /// How many times File > Export ran.
  var exported: Int? { final["exported"].flatMap { Int($0) } }
  /// How many times File > Undo ran.
  var undone: Int? { final["undone"].flatMap { Int($0) } }
  /// How many times the switch changed state.
  var switched: Int? { final["switched"].flatMap { Int($0) } }
  /// How deep Count's handler was nested at most (`--pump-ms`).
  var maxDepth: Int? { final["maxdepth"].flatMap { Int($0) } }

  /// How many times the entry's `activate` ran (activations.py).
  var submitted: Int? { final["submitted"].flatMap { Int($0) } }
  /// How many times each list box row was activated (activations.py).
  var rows: [Int] { counts("rows") }
  /// How many times each flow box child was activated (activations.py).
  var children: [Int] { counts("children") }
  /// How many times each tree view row was activated (activations.py).
  var treeRows: [Int] { counts("tree") }
  /// How many times each icon view item was activated (activations.py).
  var icons: [Int] { counts("icons") }
  /// The entry's text at exit, spaces as `_` (activations.py).
  var text: String? { final["text"] }

  /// The radios that became active, in order (clickcount's `toggled rK
  /// active=1` lines).
  var radiosActivated: [String] {
    toggledLines.map { $0.split(separator: " ") }.filter { $0[2] == "active=1" }.map { String($0[1]) }
  }

  /// The `toggled` lines that saw a radio group with other than one member
  /// (or none, mid-switch) active: a broken group.
  var brokenRadioGroupLines: [String] {
    toggledLines.filter { !$0.hasSuffix("group-active=1") && !$0.hasSuffix("group-active=0") }
  }

  private var toggledLines: [String] { lines.filter { $0.hasPrefix("toggled ") } }

  /// A comma-separated list of counts in the `final` line.
  private func counts(_ field: String) -> [Int] {
    (final[field] ?? "").split(separator: ",").compactMap { Int($0) }
  }

  /// GLib warnings and criticals on stderr (ClickGuard's own lines aside).
  var glibProblems: [String] {
    stderr.split(separator: "\n").map(String.init).filter {
      $0.contains("-CRITICAL") || $0.contains("-WARNING") || $0.contains("-ERROR")
    }
  }
}
