// ReportCommand: `clickguard report`'s side effects: reads the files (or
// standard input), prints the report. A file that cannot be read is named
// and skipped; the exit status then says so.

import Foundation

/// Runs `clickguard report`.
public enum ReportCommand {
  /// Reads `options.files` (standard input when none) and prints the
  /// report.
  /// - Returns: ``ExitStatus/success``, or ``ExitStatus/failure`` when a
  ///   file could not be read (the others are still reported).
  public static func run(_ options: ReportOptions) -> Int32 {
    var report = LogReport()
    var status = ExitStatus.success
    if options.files.isEmpty {
      let data = FileHandle.standardInput.readDataToEndOfFile()
      report.read(text: String(decoding: data, as: UTF8.self), source: "-")
    }
    for file in options.files {
      guard let data = FileManager.default.contents(atPath: file) else {
        ClickGuardTool.printError("report: cannot read \(file) (accepted: a readable decision log file)")
        status = ExitStatus.failure
        continue
      }
      report.read(text: String(decoding: data, as: UTF8.self), source: file)
    }
    let suggester = RuleSuggester()
    let rules = suggester.rules(for: report)
    let text =
      options.json
      ? ReportJSON(report, rules: rules, top: options.top).text
      : ReportText(top: options.top).render(report, rules: rules, policy: suggester.policy)
    FileHandle.standardOutput.write(Data(text.utf8))
    return status
  }
}
