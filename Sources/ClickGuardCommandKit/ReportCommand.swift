// ReportCommand: `clickguard report`'s side effects: reads the files (or
// standard input), prints the report. A file that cannot be read is named
// and skipped; the exit status then says so.

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
      report.read(text: LocalFiles.standardInputText(), source: "-")
    }
    for file in options.files {
      guard let text = LocalFiles.text(atPath: String(decoding: file.bytes, as: UTF8.self)) else {
        ClickGuardTool.printError("report: cannot read \(file.displayName) (accepted: a readable decision log file)")
        status = ExitStatus.failure
        continue
      }
      report.read(text: text, source: file.displayName)
    }
    let suggester = RuleSuggester()
    let rules = suggester.rules(for: report)
    let text =
      options.json
      ? ReportJSON(report, rules: rules, top: options.top).text
      : ReportText(top: options.top).render(report, rules: rules, policy: suggester.policy)
    ClickGuardTool.write(text)
    return status
  }
}
