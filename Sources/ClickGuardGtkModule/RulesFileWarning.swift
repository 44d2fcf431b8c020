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
}
