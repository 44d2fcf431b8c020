// RunOptions: `clickguard run`'s options, checked and turned into the
// CLICKGUARD_* variables the module reads. The ranges are the module's own:
// the values go through ModuleConfiguration, and a value it would warn
// about is refused here, naming the option. Values, the program and its
// arguments stay bytes (ByteString) all the way to setenv and execvp.

import ClickGuardAppSupport
import ClickGuardGObject
import ClickGuardRules

/// The settings `clickguard run` gives the module, and the program to run.
package struct RunOptions: Equatable, Sendable {
  /// The options of `clickguard run`, as `--help` lists them.
  package static let options = [
    CommandOption(
      "interval-ms", argument: "MS", accepted: milliseconds(0, 60_000),
      help: translatable("Repeats closer than MS are dropped (0 to 60000; default 500)")),
    CommandOption("observe", help: translatable("Log what would be dropped, drop nothing")),
    CommandOption(
      "log", argument: "FILE", accepted: translatable("a file path, or '-' for standard error"),
      help: translatable("Append one JSON line per decision to FILE ('-': standard error)")),
    CommandOption(
      "stall-ms", argument: "MS", accepted: milliseconds(0, 60_000),
      help: translatable("Block the main loop MS after each accepted click, to try lag (0 to 60000)")),
    CommandOption(
      "periodic-stall-ms", argument: "MS", accepted: milliseconds(0, 60_000),
      help: translatable("Block the main loop MS at a time, periodically (0 to 60000)")),
    CommandOption(
      "periodic-every-ms", argument: "MS", accepted: milliseconds(10, 600_000),
      help: translatable("Time between periodic stalls (10 to 600000; default 1000)")),
    CommandOption("no-fence", help: translatable("Do not fence input off freshly shown windows and pages")),
    CommandOption(
      "settle-ms", argument: "MS", accepted: milliseconds(0, 5000),
      help: translatable("How long fresh content is fenced (0 to 5000; default: the double-click time)")),
    CommandOption(
      "config", argument: "FILE", accepted: translatable("a file path"),
      help: translatable("Read rules from FILE instead of the user's clickguard.conf")),
  ]

  /// `whole milliseconds from lower to upper`, as the module words it, in
  /// the reader's language.
  private static func milliseconds(_ lower: Int, _ upper: Int) -> String {
    localized("whole milliseconds from {lower} to {upper}").filling(["lower": String(lower), "upper": String(upper)])
  }

  /// Each option that sets a module variable, and the variable.
  static let variables: [(option: String, variable: String)] = [
    ("interval-ms", ModuleConfiguration.intervalVariable), ("observe", ModuleConfiguration.modeVariable),
    ("log", ModuleConfiguration.logVariable), ("stall-ms", ModuleConfiguration.stallVariable),
    ("periodic-stall-ms", ModuleConfiguration.periodicStallVariable),
    ("periodic-every-ms", ModuleConfiguration.periodicEveryVariable), ("no-fence", ModuleConfiguration.fenceVariable),
    ("settle-ms", ModuleConfiguration.settleVariable), ("config", RulesFileLocation.variable),
  ]

  /// The variables to set for the program, only for the options given, with
  /// their values' bytes as given.
  package var environment: [String: ByteString] = [:]
  /// The program and its arguments, as given.
  package var command: [ByteString] = []

  /// Checks `parsed` (the options and `APP [ARG…]`).
  /// - Throws: ``CommandFailure`` (usage) naming the option, the value and
  ///   what is accepted, or saying that no program was given.
  package init(_ parsed: ParsedArguments) throws(CommandFailure) {
    for (option, variable) in Self.variables {
      guard let given = parsed.last(option) else { continue }
      switch option {
      case "observe": environment[variable] = "observe"
      case "no-fence": environment[variable] = "off"
      default: environment[variable] = try Self.checked(option, given.value ?? "")
      }
    }
    // The module checks text; the values themselves stay bytes.
    let settings = ModuleConfiguration(environment: environment.mapValues { String(decoding: $0.bytes, as: UTF8.self) })
    if let warning = settings.warnings.first {
      let option = Self.variables.first { $0.variable == warning.variable }?.option ?? warning.variable
      var accepted = warning.accepted
      for (name, variable) in Self.variables { accepted = accepted.replacingAll(variable, with: "--" + name) }
      throw .badValue("--" + option, environment[warning.variable]?.displayName ?? warning.value, accepted: accepted)
    }
    guard parsed.remaining.first.map({ !$0.isEmpty }) == true else {
      throw .usage(localized("run: no program given; usage: clickguard run [OPTION…] [--] APP [ARG…]"))
    }
    command = parsed.remaining
  }

  /// Checks the paths given against the file system: the `--config` file
  /// is a regular file (a FIFO or a device would stall or swamp the
  /// program's start), and the `--log` file's directory exists (the module
  /// would only warn once the program runs).
  /// - Parameters:
  ///   - isRegularFile: whether a regular file is there.
  ///   - directoryExists: whether a directory is there.
  /// - Throws: ``CommandFailure`` (usage) naming the option and the path.
  package func checkPaths(
    isRegularFile: (ByteString) -> Bool, directoryExists: (ByteString) -> Bool
  ) throws(CommandFailure) {
    if let config = environment[RulesFileLocation.variable], !isRegularFile(config) {
      throw .badValue("--config", config.displayName, accepted: translatable("an existing rules file (a regular file)"))
    }
    if let log = environment[ModuleConfiguration.logVariable], log != "-" {
      let directory = log.directoryPart ?? "."
      guard directoryExists(directory.isEmpty ? "/" : directory) else {
        throw .badValue(
          "--log", log.displayName, accepted: translatable("a file in an existing directory, or '-' for standard error")
        )
      }
    }
  }

  /// `value` for `option`, not empty (the module's settings take an empty
  /// value as unset).
  private static func checked(_ option: String, _ value: ByteString) throws(CommandFailure) -> ByteString {
    guard !value.isEmpty else { throw .badValue("--" + option, "", accepted: options.accepted(option)) }
    return value
  }
}

extension String {
  /// The string with every `target` replaced by `replacement`.
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
