// ManualHarness: what the package tests read from the programs of the
// debug build: their --help, the manual pages and completions
// clickguard-manual renders, and the long options each lists.

import Foundation

@testable import ClickGuardTestSupport

/// The debug build's programs and what they print, for the package tests.
enum ManualHarness {
  /// The path of `program` in the debug build (beside the test executable).
  static func program(_ program: String) throws -> String {
    let path = ModuleHarness.binDirectory.appendingPathComponent(program).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw HarnessError("\(program) is not in \(ModuleHarness.binDirectory.path): run swift build --build-tests")
    }
    return path
  }

  /// What clickguard-manual writes for `name` (`clickguard.1`, `clickguard.bash`),
  /// saved in the scratch directory.
  /// - Returns: the file's path.
  static func render(_ name: String) throws -> String {
    let text = try InstallHarness.run([try program("clickguard-manual"), name])
    let path = ModuleHarness.scratch.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The options `--help` lists (`-h`, `--help`, `--interval-ms`), from
  /// its option lines: the first column of each line that starts with a
  /// dash, options separated by commas, without `=VALUE`.
  static func helpOptions(_ help: String) -> Set<String> {
    var options: Set<String> = []
    for line in help.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("-"), let column = trimmed.components(separatedBy: "  ").first else { continue }
      for option in column.components(separatedBy: ", ") {
        options.insert(String(option.prefix { $0 != "=" && $0 != " " }))
      }
    }
    return options
  }

  /// The options a manual page defines, by where: `""` for its OPTIONS
  /// section, a command's name (`run`) for that command's subsection of
  /// COMMANDS. Read from the roff: the term line after each `.TP`.
  static func manualOptions(_ roff: String) -> [String: Set<String>] {
    var options: [String: Set<String>] = [:]
    var place: String?
    var termFollows = false
    for line in roff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix(".SH ") {
        place = line == ".SH OPTIONS" ? "" : nil
      } else if line.hasPrefix(".SS "), let command = line.split(separator: " ").last {
        place = String(command)
      } else if termFollows, let place {
        let term = line.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\fB", with: "")
          .replacingOccurrences(of: "\\fR", with: "").replacingOccurrences(of: "\\fI", with: "")
        for option in term.components(separatedBy: ", ") where option.hasPrefix("-") {
          options[place, default: []].insert(String(option.prefix { $0 != "=" }))
        }
      }
      termFollows = line == ".TP"
    }
    return options
  }
}
