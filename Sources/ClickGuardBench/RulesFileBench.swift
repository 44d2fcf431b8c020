// Row 9: reading the largest rules file the module accepts (256 KiB, some
// 7 500 groups) against GKeyFile alone reading every value of the same
// bytes, in this process, alternating, best of several runs each. Finding
// the line of each group and key once took a search of the whole text per
// key, quadratic in the file's size: this row is where that would show,
// instead of a timed assertion in the tests.

import CGtk
import ClickGuardBenchSupport
import ClickGuardGtkModule
import Foundation

/// Row 9: the rules file's read against GKeyFile's own.
enum RulesFileBench {
  /// The budget: the module's read of the file at most this many times
  /// GKeyFile's load and read of every value. Linear work stays a small
  /// multiple; work that grows with the square of the groups is hundreds.
  static let budgetRatio = 5.0

  /// A valid rules file of `count` groups, a third each program, widget and
  /// `*` groups (as `RulesFileLimitTests` builds it).
  static func manyGroups(_ count: Int) -> [UInt8] {
    var text = "# \(count) groups\n[default]\ninterval-ms=500\n"
    for index in 0..<count {
      switch index % 3 {
      case 0: text += "[app-\(index)]\ninterval-ms=300\n"
      case 1: text += "[app-\(index): label=L \(index)]\npolicy=exempt\n"
      default: text += "[*: id=button_\(index)]\ninterval-ms=700\n"
      }
    }
    return Array(text.utf8)
  }

  /// The largest file of ``manyGroups(_:)`` within the module's limit, and
  /// its group count.
  static func largestFile() -> (bytes: [UInt8], groups: Int) {
    var count = 8_000
    var bytes = manyGroups(count)
    while bytes.count > RulesFile.sizeLimit {
      count -= 250
      bytes = manyGroups(count)
    }
    return (bytes, count)
  }

  /// GKeyFile alone: loads `bytes` and reads every value of every group;
  /// returns how many values it read.
  static func readWithGKeyFile(_ bytes: [UInt8]) -> Int {
    let keyFile = g_key_file_new()
    defer { g_key_file_free(keyFile) }
    let loaded = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        g_key_file_load_from_data(keyFile, $0.baseAddress, gsize($0.count), G_KEY_FILE_NONE, nil)
      }
    }
    guard loaded != 0, let groups = g_key_file_get_groups(keyFile, nil) else { return 0 }
    defer { g_strfreev(groups) }
    var values = 0
    var group = 0
    while let name = groups[group] {
      if let keys = g_key_file_get_keys(keyFile, name, nil, nil) {
        var key = 0
        while let keyName = keys[key] {
          if let value = g_key_file_get_value(keyFile, name, keyName, nil) {
            values += 1
            g_free(value)
          }
          key += 1
        }
        g_strfreev(keys)
      }
      group += 1
    }
    return values
  }

  /// The row: `runs` reads of each, alternating, the fastest of each.
  static func row(runs: Int) -> ResultRow {
    let name = "9. reading the largest rules file"
    let budget = "≤ \(fmt(budgetRatio, 0))×"
    note("row 9: reading the largest rules file, \(runs) runs each")
    let (bytes, groups) = largestFile()
    let location = RulesFileLocation(path: "bench.conf", isExplicit: true)
    var module: [Double] = []
    var plain: [Double] = []
    var problems: [String] = []
    for _ in 0..<runs {
      var start = monotonicNanoseconds()
      let values = readWithGKeyFile(bytes)
      plain.append(Double(monotonicNanoseconds() - start) / 1e6)
      start = monotonicNanoseconds()
      let file = RulesFile(parsing: bytes, location: location)
      module.append(Double(monotonicNanoseconds() - start) / 1e6)
      let rules = file.rules.programs.count + file.rules.widgetRules.count
      if file.status != .loaded || !file.warnings.isEmpty || rules != groups || values != groups + 1 {
        problems = [
          "the file read as \(file.status), \(file.warnings.count) warnings, \(rules) rules, \(values) values"
        ]
      }
    }
    guard problems.isEmpty else { return .notMeasured(name, budget: budget, problems) }
    let fastest = (module: module.min() ?? 0, plain: plain.min() ?? 0)
    let ratio = fastest.module / fastest.plain
    return ResultRow(
      name: name, measured: "\(fmt(ratio, 2))× (\(fmt(fastest.module)) ms vs \(fmt(fastest.plain)) ms)",
      budget: budget, verdict: verdict(ratio <= budgetRatio),
      details: [
        "\(groups) groups in \(bytes.count) bytes; fastest of \(runs) runs each, alternating",
        "module: RulesFile(parsing:) — GKeyFile, every group's rule checked, the line of each group and key found",
        "plain: GKeyFile's load and every value read (g_key_file_get_value)",
      ])
  }
}
