// ProcessEnvironment: the process's environment variables as a dictionary,
// read through GLib (g_get_environ), so the command needs no Foundation for
// them.

import CGtk

/// The environment of the running process.
enum ProcessEnvironment {
  /// Every variable, by name. A `NAME=VALUE` entry is split at its first
  /// `=`; the first of two entries with one name wins, as in `getenv`.
  static func current() -> [String: String] {
    guard let entries = g_get_environ() else { return [:] }
    defer { g_strfreev(entries) }
    var environment: [String: String] = [:]
    var index = 0
    while let entry = entries[index] {
      index += 1
      let text = String(cString: entry)
      guard let separator = text.firstIndex(of: "="), environment[String(text[..<separator])] == nil else {
        continue
      }
      environment[String(text[..<separator])] = String(text[text.index(after: separator)...])
    }
    return environment
  }
}
