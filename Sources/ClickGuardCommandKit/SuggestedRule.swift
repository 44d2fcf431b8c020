// SuggestedRule: a rule for the rules file that lets one widget's
// deliberate repeats through, with the evidence for it, ready to paste.

/// A rules-file group for one widget whose repeats look deliberate.
package struct SuggestedRule: Codable, Equatable, Sendable {
  /// The widget.
  package var widget: WidgetIdentity
  /// The group name: `program: selector`, or `*: selector` when the log
  /// did not name the program.
  package var group: String
  /// The interval (ms) the rule sets.
  package var intervalMs: Int
  /// Quick repeats seen.
  package var repeats: Int
  /// Their median gap (ms).
  package var medianGapMs: Int
  /// Their shortest gap (ms).
  package var shortestGapMs: Int
  /// Their spread (standard deviation over mean).
  package var spread: Double

  /// The rule as key-file text: a comment with the evidence, the group,
  /// the key.
  package var text: String {
    let percent = Int((spread * 100).rounded())
    return """
      # \(widget.displayName) in \(widget.program ?? "any program"): \(repeats) repeats, \
      \(medianGapMs) ms apart (±\(percent)%, shortest \(shortestGapMs) ms), never before fresh content
      [\(group)]
      interval-ms=\(intervalMs)
      """
  }
}
