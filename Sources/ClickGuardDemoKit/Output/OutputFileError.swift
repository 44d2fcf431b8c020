// OutputFileError: a file the user named for the demo's output cannot be
// written, or is refused to keep it intact.

/// A path the user named for output that the demo cannot write, or leaves
/// alone because writing there would destroy what it is (a device, a
/// directory).
package struct OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path as it can be shown (`g_filename_display_name`).
  package let path: String
  /// What is wrong, in words that follow the path: `is a directory, not a
  /// regular file, …`, `cannot be written: No space left on device`.
  let problem: String

  /// An error about `path` (as shown).
  package init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// `'/tmp/x/full' is a character device, not a regular file, …`.
  package var description: String { "'\(path)' \(problem)" }
}
