// ReportCommand: `clickguard report`'s side effects: checks every input
// first (a device or a directory is refused before anything is read), then
// streams each file (or standard input) into the report and prints it. A
// file that cannot be read is named and skipped; when none could be read
// there is no summary, only the errors.
import ClickGuardAppSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `clickguard report`.
package enum ReportCommand {
  /// Reads `options.files` (standard input when none, or for `-`) and
  /// prints the report.
  /// - Returns: ``ExitStatus/success``; ``ExitStatus/failure`` when a file
  ///   could not be read (the others are still reported);
  ///   ``ExitStatus/usage`` when one is a device or a directory (nothing is
  ///   read).
  package static func run(_ options: ReportOptions) -> Int32 {
    let inputs: [ByteString] = options.files.isEmpty ? ["-"] : options.files
    var refusals: [CommandFailure] = []
    for input in inputs {
      do throws(CommandFailure) { try LogInput.check(input) } catch { refusals.append(error) }
    }
    guard refusals.isEmpty else {
      for refusal in refusals { ClickGuardTool.printError(refusal.message) }
      return ExitStatus.usage
    }

    var report = LogReport()
    var status = ExitStatus.success
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: LogInput.chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    for input in inputs {
      do throws(CommandFailure) {
        let log = try LogInput.open(input)
        if let reason = log.read(into: &report, buffer: buffer) {
          ClickGuardTool.printError("report: cannot read \(log.name) to its end (\(reason))")
          status = ExitStatus.failure
        }
      } catch {
        ClickGuardTool.printError(error.message)
        // A path replaced by a device since the check is refused as one.
        if error.status == ExitStatus.usage { return ExitStatus.usage }
        status = ExitStatus.failure
      }
    }
    guard !report.sources.isEmpty else { return status }
    let suggester = RuleSuggester()
    let rules = suggester.rules(for: report)
    let profiles = suggester.profiles(for: report)
    let text =
      options.json
      ? ReportJSON(report, rules: rules, profiles: profiles, top: options.top).text
      : ReportText(top: options.top).render(report, rules: rules, profiles: profiles, policy: suggester.policy)
    ClickGuardTool.write(text)
    return status
  }
}
