// ReportOptions: `clickguard report`'s options, checked.
import ClickGuardAppSupport
import ClickGuardGObject

/// What `clickguard report` reads and how it prints.
package struct ReportOptions: Equatable, Sendable {
  /// The options of `clickguard report`, as `--help` lists them.
  package static let options = [
    CommandOption("json", help: translatable("Print the summary as JSON instead of text")),
    CommandOption(
      "top", argument: "N", accepted: translatable("a whole number from 1 to 1000"),
      help: translatable("Show the N widgets repeated most (1 to 1000; default 10)")),
  ]

  /// The log files, as given (bytes); `-` or none: standard input.
  package var files: [ByteString] = []
  /// `--json`.
  package var json = false
  /// `--top`.
  package var top = 10

  /// Checks `parsed`.
  /// - Throws: ``CommandFailure`` (usage) naming the option and what it
  ///   accepts.
  package init(_ parsed: ParsedArguments) throws(CommandFailure) {
    json = parsed.has("json")
    if let given = parsed.last("top") {
      let value = given.value?.displayName ?? ""
      guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value), (1...1000).contains(number)
      else { throw .badValue("--top", value, accepted: Self.options.accepted("top")) }
      top = number
    }
    files = parsed.remaining
  }
}
