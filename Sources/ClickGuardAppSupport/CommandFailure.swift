// CommandFailure: why a clickguard subcommand stops, worded for the person
// who typed it, with the exit status that goes with it.

import ClickGuardGObject

/// A reason the `clickguard` command stops: the message it prints on
/// standard error and the exit status.
///
/// Usage problems (a bad option, a value out of range, a missing program)
/// exit with ``ExitStatus/usage`` and name the value and what is accepted.
package struct CommandFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, in words, without the program name.
  package let message: String
  /// The exit status.
  package let status: Int32

  /// A failure with `message` and exit `status`.
  package init(_ message: String, status: Int32) {
    self.message = message
    self.status = status
  }

  /// A bad command line: exit status ``ExitStatus/usage``.
  package static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message, status: ExitStatus.usage)
  }

  /// A bad value for `option` (with its dashes): the value, then what the
  /// option accepts (English marked translatable, translated here).
  package static func badValue(_ option: String, _ value: String, accepted: String) -> CommandFailure {
    usage(
      localized("{option}: '{value}' is not accepted (accepted: {accepted})").filling([
        "option": option, "value": value, "accepted": translated(accepted),
      ]))
  }

  package var description: String { message }
}
