// GOptionParser: one clickguard command line through GLib's GOption, one
// option context per subcommand. GOption does the parsing and GNOME-style
// --help (printed, then exit 0); every option goes through one callback that
// records it as given, and the subcommand checks the values afterwards, so
// the checks are plain Swift. Arguments go in and come out as bytes
// (ByteString): GOption works on char**, and its FILENAME values and the
// remaining arguments are not converted, so nothing is re-encoded. The
// texts are English, marked translatable; GOption translates them as it
// prints --help, through the clickguard domain.

import CGtk
import ClickGuardGObject
import ClickGuardGtk

/// A GOption context for one `clickguard` subcommand.
///
/// ```swift
/// let parser = GOptionParser(
///   program: "clickguard report", parameters: "[FILE…]", summary: "Summarises decision logs.",
///   options: [CommandOption("json", help: "Print JSON instead of text")])
/// let parsed = try parser.parse(["--json", "a.log"])   // options: [json], remaining: [a.log] (bytes)
/// ```
package struct GOptionParser: Sendable {
  /// The name `--help` shows before the options, for example
  /// `clickguard run` (GLib's program name while parsing).
  package let program: String
  /// What follows the options in the usage line (`-- APP [ARG…]`).
  package let parameters: String
  /// The paragraph after the usage line.
  package let summary: String
  /// The paragraph at the end of `--help`, or `nil`.
  package let epilogue: String?
  /// The options, in the order `--help` lists them.
  package let options: [CommandOption]
  /// Whether parsing stops at the first argument that is not an option, so
  /// the options after it stay with it (a program's own options).
  package let stopsAtFirstArgument: Bool

  /// A parser for `program`'s command line.
  package init(
    program: String, parameters: String, summary: String, epilogue: String? = nil, options: [CommandOption],
    stopsAtFirstArgument: Bool = false
  ) {
    self.program = program
    self.parameters = parameters
    self.summary = summary
    self.epilogue = epilogue
    self.options = options
    self.stopsAtFirstArgument = stopsAtFirstArgument
  }

  /// Parses `arguments` (without the program name), as bytes. `--help`
  /// prints the help and exits the process with status 0, as GOption does.
  /// - Throws: ``CommandFailure`` (usage) for an unknown option or a missing
  ///   value, in GOption's words, with a pointer to `--help`.
  package func parse(_ arguments: [ByteString]) throws(CommandFailure) -> ParsedArguments {
    let recorder = Recorder()
    let context = g_option_context_new(parameters)
    defer { g_option_context_free(context) }
    g_option_context_set_summary(context, summary)
    if let epilogue { g_option_context_set_description(context, epilogue) }
    g_option_context_set_strict_posix(context, stopsAtFirstArgument ? 1 : 0)
    g_option_context_set_translate_func(context, Translations.translateFunction, nil, nil)

    let table = GOptionTable(options, callback: recordOption)
    let unmanaged = Unmanaged.passRetained(recorder)
    let group = g_option_group_new(program, summary, summary, unmanaged.toOpaque()) { data in
      guard let data else { return }
      Unmanaged<GOptionParser.Recorder>.fromOpaque(data).release()
    }
    g_option_group_add_entries(group, table.entries)
    g_option_group_set_translate_func(group, Translations.translateFunction, nil, nil)
    g_option_context_set_main_group(context, group)

    let previousName = g_get_prgname().map { String(cString: $0) }
    g_set_prgname(program)
    defer { if let previousName { g_set_prgname(previousName) } }

    let all = [ByteString(program)] + arguments
    var remaining: [ByteString]
    do {
      remaining = try withExtendedLifetime(table) { () throws(GOptionFailure) in
        try GOptionTable.parse(
          context, arguments: all.map { $0.withCString { g_strdup($0) } }, remaining: ByteString.init(cString:))
      }
    } catch {
      throw refusal(error)
    }
    // GOption leaves the `--` that ended the options in front of the rest.
    if remaining.first == "--" { remaining.removeFirst() }
    return ParsedArguments(options: recorder.given, remaining: remaining)
  }
}

extension GOptionParser {
  /// The error for GOption's `failure`: for a value missing at the end of
  /// the line, the option and what it accepts; otherwise GOption's words
  /// (which name the argument), with a pointer to `--help`.
  func refusal(_ failure: GOptionFailure) -> CommandFailure {
    if failure.isBadValue, let option = options.named(in: failure.message), let accepted = option.accepted {
      return .usage(
        localized("{option}: needs a value (accepted: {accepted})").filling([
          "option": option.dashed, "accepted": translated(accepted),
        ]))
    }
    return .usage(
      localized("{message}; run '{program} --help' to see every option").filling([
        "message": failure.message, "program": program,
      ]))
  }
}

extension GOptionParser {
  /// Collects the options GOption reads, through its group's user data.
  fileprivate final class Recorder {
    var given: [ParsedArguments.Given] = []
  }
}

/// GOption's callback for every option: records it as given.
private let recordOption: GOptionArgFunc = { name, value, data, _ in
  guard let data, let name else { return 0 }
  let recorder = Unmanaged<GOptionParser.Recorder>.fromOpaque(data).takeUnretainedValue()
  let option = String(cString: name)
  recorder.given.append(
    .init(option.hasPrefix("--") ? String(option.dropFirst(2)) : option, value.map { ByteString(cString: $0) }))
  return 1
}
