// DemoCommandLine: the demo's options as GOption entries. GApplication
// parses the command line with GOption (help, GTK's and GApplication's own
// options included); each entry's callback checks its value as GOption reads
// it, and an error hook words GOption's own errors (an unknown option, a
// missing value) like the demo's, for the usage exit status.

import CGtk
import ClickGuardAppSupport
import ClickGuardGObject
import ClickGuardGtk

/// The demo's command line, parsed once, by GLib's GOption.
///
/// ```swift
/// let commandLine = DemoCommandLine(arguments: Array(CommandLine.arguments.dropFirst()))
/// commandLine.register(on: application)
/// // in handle-local-options:
/// let options = try commandLine.options()
/// // after g_application_run:
/// if commandLine.failed { return DemoExitStatus.usage }
/// ```
///
/// GApplication calls its main entries' callbacks without user data, so the
/// callbacks reach the command line being parsed through a process-wide
/// reference; GOption runs on the main thread, as does everything here.
@MainActor
final class DemoCommandLine {
  /// The command line GOption is parsing, for the entries' callbacks.
  private static var current: DemoCommandLine?

  private let arguments: [String]
  private var parsed = DemoOptions()
  private var failure: OptionError?

  /// A command line of `arguments` (without the program name); they only
  /// serve to name the argument GOption stopped at.
  init(arguments: [String]) {
    self.arguments = arguments
  }

  /// Whether GOption refused the command line. GApplication has printed the
  /// message; the demo exits with ``DemoExitStatus/usage``.
  var failed: Bool { failure != nil }

  /// Adds the demo's options, summary and notes to `application`'s command
  /// line, in the reader's language (the locale must be set), and a hook
  /// that words GOption's errors; GApplication's parse then fills this
  /// command line.
  func register(on application: UnsafeMutablePointer<GApplication>) {
    Self.current = self
    g_application_set_option_context_summary(application, translated(DemoHelp.summary))
    g_application_set_option_context_description(
      application, DemoHelp.localizedNotes.map { "\($0.title): \($0.text)" }.joined(separator: "\n"))
    g_application_add_main_option_entries(application, Self.table.entries)
    // A group without entries, shown nowhere: GOption calls every group's
    // error hook when the parse fails.
    let watcher = g_option_group_new("clickguard-demo", "", "", nil, nil)
    g_option_group_set_error_hook(watcher, rewordError)
    g_application_add_option_group(application, watcher)
  }

  /// The options given, once GOption has parsed them (GApplication's
  /// `handle-local-options`).
  /// - Throws: ``OptionError`` when options conflict.
  func options() throws(OptionError) -> DemoOptions {
    if let failure { throw failure }
    try parsed.checkCombination()
    return parsed
  }

  /// Parses `arguments` (without the program name) with the same GOption
  /// entries, in a bare option context: no application, no help, no GTK
  /// options. For tests.
  /// - Throws: ``OptionError``, worded as the demo prints it.
  static func parse(_ arguments: [String]) throws(OptionError) -> DemoOptions {
    let commandLine = DemoCommandLine(arguments: arguments)
    let previous = current
    current = commandLine
    defer { current = previous }
    let context = g_option_context_new(nil)
    defer { g_option_context_free(context) }
    g_option_context_set_help_enabled(context, 0)
    g_option_context_add_main_entries(context, table.entries, nil)
    do {
      _ = try GOptionTable.parse(
        context, arguments: ([DemoApplication.programName] + arguments).map { g_strdup($0) }, remaining: { $0 })
    } catch {
      throw commandLine.failure ?? commandLine.reword(error)
    }
    return try commandLine.options()
  }

  /// `error` as the demo prints it, with a pointer to `--help`.
  static func usageMessage(_ error: OptionError) -> String {
    let program = DemoApplication.programName
    return "\(program): \(error)\n"
      + localized("Run '{program} --help' to see every option and its range.").filling(["program": program])
  }

  /// One option GOption read: `option` with its dashes (empty for a
  /// stray argument), `value` as text (`nil` for a flag alone) and
  /// `fileName`, the same bytes as given, for a path.
  /// - Returns: the error to report, or `nil` when the value is good.
  fileprivate func read(_ option: String, _ value: String?, _ fileName: ByteString?) -> OptionError? {
    do throws(OptionError) {
      guard option.hasPrefix("--") else {
        throw OptionError(
          option: nil,
          message: localized("unexpected argument '{argument}'; the demo takes no files").filling([
            "argument": value ?? ""
          ]))
      }
      try parsed.set(String(option.dropFirst(2)), value, fileName: fileName)
      return nil
    } catch {
      failure = error
      return error
    }
  }

  /// The parse failed with `error`: the message GApplication prints for it.
  fileprivate func refused(_ error: GOptionFailure) -> String {
    let failure = self.failure ?? reword(error)
    self.failure = failure
    return Self.usageMessage(failure)
  }

  /// The demo's wording for an error GOption raised itself. GOption quotes
  /// the argument it stopped at: an unknown option, or an option missing its
  /// value at the end of the line.
  private func reword(_ error: GOptionFailure) -> OptionError {
    let message = error.message
    let culprit = arguments.filter { $0.hasPrefix("-") && message.contains($0) }.max { $0.count < $1.count }
    guard error.domain == g_option_error_quark(), let culprit else {
      return OptionError(option: nil, message: message)
    }
    let option = String(culprit.prefix { $0 != "=" })
    switch error.code {
    case gint(G_OPTION_ERROR_UNKNOWN_OPTION.rawValue):
      return OptionError(option: option, message: localized("unknown option; see --help"))
    case gint(G_OPTION_ERROR_BAD_VALUE.rawValue):
      guard let accepted = OptionSpec.named(String(option.dropFirst(2)))?.acceptedText else {
        return OptionError(option: option, message: localized("needs a value"))
      }
      return OptionError(
        option: option, message: localized("needs a value (accepted: {accepted})").filling(["accepted": accepted]))
    default:
      return OptionError(option: option, message: message)
    }
  }

  /// The entries, built once: GOption and GApplication keep pointers to them
  /// and their strings for the life of the process. A flag takes an
  /// optional value, so that `--no-fence=false` reaches the callback and is
  /// refused instead of read as `--no-fence`; anything that is not an option
  /// reaches it too, and is refused.
  private static let table = GOptionTable(
    OptionSpec.all.map(\.entry), callback: readOption, flagsTakeValues: true, refusingRemaining: true)
}

/// GOption's callback for every entry.
private let readOption: GOptionArgFunc = { name, value, _, error in
  let option = name.map { String(cString: $0) } ?? ""
  let text = value.map { String(cString: $0) }
  // The value's bytes as given (FILENAME entries): a path keeps them.
  let fileName = value.map { ByteString(cString: $0) }
  let failure = MainActor.assumeIsolated { DemoCommandLine.currentRead(option, text, fileName) }
  guard let failure else { return 1 }
  g_set_error_literal(error, g_option_error_quark(), gint(G_OPTION_ERROR_BAD_VALUE.rawValue), failure.description)
  return 0
}

/// GOption's error hook: replaces the error with the demo's wording, which
/// GApplication prints.
private let rewordError: GOptionErrorFunc = { _, _, _, error in
  guard let error, let original = error.pointee else { return }
  let failure = GOptionFailure(original.pointee)
  guard let text = MainActor.assumeIsolated({ DemoCommandLine.currentRefused(failure) }) else { return }
  g_error_free(original)
  error.pointee = g_error_new_literal(failure.domain, failure.code, text)
}

extension DemoCommandLine {
  /// ``read(_:_:_:)`` on the command line being parsed.
  fileprivate static func currentRead(_ option: String, _ value: String?, _ fileName: ByteString?) -> OptionError? {
    current?.read(option, value, fileName)
  }

  /// ``refused(_:)`` on the command line being parsed.
  fileprivate static func currentRefused(_ error: GOptionFailure) -> String? {
    current?.refused(error)
  }
}
