// DoctorOptions: `clickguard doctor`'s options, checked.
import ClickGuardAppSupport
import ClickGuardGObject

/// What `clickguard doctor` describes.
package struct DoctorOptions: Equatable, Sendable {
  /// The options of `clickguard doctor`, as `--help` lists them.
  package static let options = [
    CommandOption(
      "program", argument: "NAME", accepted: translatable("a program name"),
      help: translatable(
        "Show the settings in force for the program NAME (its g_get_prgname, often the executable's name)"))
  ]

  /// The program whose settings are shown, or `nil` for a program without
  /// a group of its own.
  package var program: String?

  /// Checks `parsed`.
  /// - Throws: ``CommandFailure`` (usage) for an empty program name or a
  ///   stray argument.
  package init(_ parsed: ParsedArguments) throws(CommandFailure) {
    if let given = parsed.last("program") {
      let name = given.value?.displayName ?? ""
      guard !name.isEmpty else { throw .badValue("--program", name, accepted: Self.options.accepted("program")) }
      program = name
    }
    if let stray = parsed.remaining.first {
      throw .usage(
        localized("doctor: unexpected argument '{argument}' (accepted: only options; see 'clickguard doctor --help')")
          .filling(["argument": stray.displayName]))
    }
  }
}
