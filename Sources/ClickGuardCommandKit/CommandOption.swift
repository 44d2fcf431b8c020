// CommandOption: one option of a clickguard subcommand as data (name, value
// placeholder, help), from which GOptionParser builds GOption entries.

/// One long option of a `clickguard` subcommand.
package struct CommandOption: Hashable, Sendable {
  /// The long name, without the leading `--`.
  package let name: String
  /// The placeholder `--help` shows for its value (`MS`, `FILE`), or `nil`
  /// for a flag, which takes no value.
  package let argument: String?
  /// One line of help, with what the value accepts.
  package let help: String
  /// What the value accepts, in words, for error messages (`whole
  /// milliseconds from 0 to 60000`); `nil` for a flag.
  package let accepted: String?

  /// An option `--name`, taking a value shown as `argument` (`nil`: a flag)
  /// that accepts what `accepted` says.
  package init(_ name: String, argument: String? = nil, accepted: String? = nil, help: String) {
    self.name = name
    self.argument = argument
    self.accepted = accepted
    self.help = help
  }

  /// The name with its dashes, as people type it and messages show it.
  package var dashed: String { "--" + name }
}

extension [CommandOption] {
  /// What the option `name` (without dashes) accepts, in words.
  func accepted(_ name: String) -> String {
    first { $0.name == name }?.accepted ?? "a value"
  }
}
