// Console: plain writes to standard output and standard error, safe under
// strict concurrency (no shared FILE* globals).

import ClickGuardGtk

/// Writes text to the process's standard streams (``LineWriter``; a write
/// that fails has nowhere else to be reported and is let go).
package enum Console {
  /// Writes `text` and a newline to standard output.
  package static func out(_ text: String) {
    _ = LineWriter.append(text, to: 1)
  }

  /// Writes `text` and a newline to standard error.
  package static func error(_ text: String) {
    _ = LineWriter.append(text, to: 2)
  }
}
