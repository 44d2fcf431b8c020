// HarnessError: a harness failure with a message for the test log.

/// A harness failure (a fixture that does not build or start, a malformed
/// log line), with a message for the test log.
package struct HarnessError: Error, CustomStringConvertible {
  /// What went wrong.
  package let description: String

  /// An error saying `description`.
  package init(_ description: String) { self.description = description }
}
