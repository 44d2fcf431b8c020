// BadLine: a line of a log that is not a decision, for the report's one
// summary of them.

/// A line `clickguard report` could not read as a decision.
package struct BadLine: Codable, Equatable, Sendable {
  /// The file it came from (`-` for standard input).
  package var source: String
  /// Its line number, from 1.
  package var line: Int

  /// Line `line` of `source`.
  package init(source: String, line: Int) {
    self.source = source
    self.line = line
  }
}
