import ClickGuardGObject

/// One problem with the rules file, logged once: the file, the line when
/// there is one, and what is wrong and accepted.
package struct RulesFileWarning: Hashable, Sendable, CustomStringConvertible {
  /// The file's path.
  package var path: String
  /// The 1-based line, when the problem is on one.
  package var line: Int?
  /// What is wrong, what is accepted, and what is used instead.
  package var message: String

  /// A warning about `path` (at `line`).
  package init(path: String, line: Int?, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  /// For example `/home/ana/.config/clickguard/clickguard.conf:7: [default]
  /// interval-ms="fast" is not accepted (accepted: …); the line is ignored`.
  package var description: String {
    line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
  }

  /// `warnings` as a running app says them for a file that changed and
  /// cannot be used: the settings in force stay, not the defaults.
  package static func keepingSettingsInForce(_ warnings: [RulesFileWarning]) -> [RulesFileWarning] {
    warnings.map { warning in
      var warning = warning
      warning.message = warning.message.replacing(
        // TRANSLATORS: word for word the end of the messages that say the
        // rules file is not read ("…; using the defaults throughout").
        localized("using the defaults throughout"), with: localized("the settings in force stay until it is fixed"))
      return warning
    }
  }

  /// How many of a file's problems the module logs: thousands of bad groups must
  /// not flood the app's standard error (or the journal) as it starts.
  package static let loggedLimit = 10

  /// The lines the module logs for `warnings`: the first ``loggedLimit``,
  /// then one that says how many more there are and where all are listed.
  package static func logLines(_ warnings: [RulesFileWarning]) -> [String] {
    guard warnings.count > loggedLimit, let path = warnings.first?.path else { return warnings.map(\.description) }
    let more = warnings.count - loggedLimit
    return warnings.prefix(loggedLimit).map(\.description) + [
      localizedPlural(
        "{file}: {count} more problem not shown; `clickguard doctor` lists them all",
        "{file}: {count} more problems not shown; `clickguard doctor` lists them all", count: more
      ).filling(["file": path, "count": String(more)])
    ]
  }
}
