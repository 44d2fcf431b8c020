// GOptionTable: the one GOption wrapper of the demo and the command. An
// option is data (OptionEntry: name, value placeholder, what it accepts,
// help); the table turns a list of them into GOption entries that send every
// option to one callback, keeps the strings GOption points to, and parses
// a command line with g_option_context_parse_strv. Values come as given
// (G_OPTION_FLAG_FILENAME: no conversion from the locale's encoding, which
// could fail without naming the option).

import CGLib
import ClickGuardGObject

/// One long option as data: what `--help`, the man pages and the error
/// messages say about it.
package struct OptionEntry: Hashable, Sendable {
  /// The long name, without the leading `--`.
  package let name: String
  /// The placeholder `--help` shows for its value (`MS`, `FILE`), or `nil`
  /// for a flag, which takes no value.
  package let argument: String?
  /// What the value accepts, in words, for error messages (`0 to 60000
  /// ms`); `nil` for a flag.
  package let accepted: String?
  /// One line of help.
  package let help: String

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

extension [OptionEntry] {
  /// What the option `name` (without dashes) accepts, in words.
  package func accepted(_ name: String) -> String {
    first { $0.name == name }?.accepted ?? "a value"
  }

  /// The option a GOption error message names (the longest whose dashed
  /// name it contains), if any.
  package func named(in message: String) -> OptionEntry? {
    filter { message.contains($0.dashed) }.max { $0.name.count < $1.name.count }
  }
}

/// GOption entries for a list of ``OptionEntry``, NULL-terminated, with the
/// strings they point to; freed with the table (keep it as long as the
/// context or application that uses it).
package final class GOptionTable {
  /// The entries, for `g_option_group_add_entries`,
  /// `g_option_context_add_main_entries` or
  /// `g_application_add_main_option_entries`.
  package let entries: UnsafeMutablePointer<GOptionEntry>
  private let count: Int
  private let strings: [UnsafeMutablePointer<gchar>?]

  /// Entries for `options`, each read by `callback`. `flagsTakeValues`: a
  /// flag accepts an optional value, so `--flag=false` reaches the callback
  /// to be refused rather than read as `--flag`. `refusingRemaining`: a
  /// last entry (`G_OPTION_REMAINING`) hands every argument that is not an
  /// option to the callback, with an empty name.
  package init(
    _ options: [OptionEntry], callback: GOptionArgFunc, flagsTakeValues: Bool = false,
    refusingRemaining: Bool = false
  ) {
    let argData = cg_option_callback(callback)
    let asGiven = G_OPTION_FLAG_FILENAME.rawValue
    var built: [GOptionEntry] = []
    var strings: [UnsafeMutablePointer<gchar>?] = []
    func keep(_ text: String) -> UnsafePointer<gchar>? {
      let copy = g_strdup(text)
      strings.append(copy)
      return UnsafePointer(copy)
    }
    for option in options {
      let flagFlags = flagsTakeValues ? asGiven | G_OPTION_FLAG_OPTIONAL_ARG.rawValue : G_OPTION_FLAG_NO_ARG.rawValue
      built.append(
        GOptionEntry(
          long_name: keep(option.name), short_name: 0, flags: gint(option.argument == nil ? flagFlags : asGiven),
          arg: G_OPTION_ARG_CALLBACK, arg_data: argData, description: keep(option.help),
          arg_description: option.argument.flatMap(keep)))
    }
    if refusingRemaining {
      built.append(
        GOptionEntry(
          long_name: keep(""), short_name: 0, flags: gint(asGiven), arg: G_OPTION_ARG_CALLBACK, arg_data: argData,
          description: nil, arg_description: nil))
    }
    built.append(GOptionEntry())
    self.strings = strings
    count = built.count
    entries = UnsafeMutablePointer<GOptionEntry>.allocate(capacity: built.count)
    entries.initialize(from: built, count: built.count)
  }

  deinit {
    entries.deinitialize(count: count)
    entries.deallocate()
    for string in strings { g_free(string) }
  }

  /// Parses `arguments` (the program name first; copies made with
  /// `g_strdup`, which the parse frees) with `context`.
  /// - Returns: the arguments GOption left after the program name, each
  ///   read by `read`.
  /// - Throws: GOption's error.
  package static func parse<T>(
    _ context: OpaquePointer?, arguments: [UnsafeMutablePointer<gchar>?], remaining read: (UnsafePointer<gchar>) -> T
  ) throws(GOptionFailure) -> [T] {
    let size = gsize((arguments.count + 1) * MemoryLayout<UnsafeMutablePointer<gchar>?>.stride)
    var strv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? = g_malloc0(size).assumingMemoryBound(
      to: UnsafeMutablePointer<gchar>?.self)
    for (index, argument) in arguments.enumerated() { strv?[index] = argument }
    defer { g_strfreev(strv) }
    var error: UnsafeMutablePointer<GError>?
    guard g_option_context_parse_strv(context, &strv, &error) != 0 else {
      defer { g_error_free(error) }
      throw GOptionFailure(error?.pointee)
    }
    var remaining: [T] = []
    var index = 1
    while let argument = strv?[index] {
      remaining.append(read(argument))
      index += 1
    }
    return remaining
  }
}

/// An error GOption reported, copied out of its GError.
package struct GOptionFailure: Error, Sendable {
  /// The error's domain (`G_OPTION_ERROR` for GOption's own).
  package let domain: GQuark
  /// Its code (`G_OPTION_ERROR_UNKNOWN_OPTION`, `G_OPTION_ERROR_BAD_VALUE`…).
  package let code: gint
  /// Its message, which names the argument GOption stopped at.
  package let message: String

  /// A copy of `error`.
  package init(_ error: GError?) {
    domain = error?.domain ?? 0
    code = error?.code ?? 0
    message = error?.message.map { String(cString: $0) } ?? "cannot read the command line"
  }

  /// Whether GOption raised it for a missing or refused value.
  package var isBadValue: Bool {
    domain == g_option_error_quark() && code == gint(G_OPTION_ERROR_BAD_VALUE.rawValue)
  }
}
