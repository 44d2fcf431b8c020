// ProcessEnvironment: the process's environment variables as a dictionary,
// read through GLib (g_get_environ), so the command needs no Foundation for
// them: as bytes for what is passed on (paths, GTK3_MODULES), as text for
// what is only shown or matched.

import CGtk

/// The environment of the running process.
package enum ProcessEnvironment {
  /// Every variable, by name, with its value's bytes as the environment
  /// holds them. A `NAME=VALUE` entry is split at its first `=`; the first
  /// of two entries with one name wins, as in `getenv`.
  package static func bytes() -> [String: ByteString] {
    guard let entries = g_get_environ() else { return [:] }
    defer { g_strfreev(entries) }
    var environment: [String: ByteString] = [:]
    var index = 0
    while let entry = entries[index] {
      index += 1
      let bytes = ByteString(cString: entry).bytes
      guard let separator = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(decoding: bytes[..<separator], as: UTF8.self)
      guard environment[name] == nil else { continue }
      environment[name] = ByteString(bytes: Array(bytes[(separator + 1)...]))
    }
    return environment
  }

  /// Every variable, by name, its value as text (bytes that are not UTF-8
  /// become U+FFFD): for what is only shown or compared.
  package static func current() -> [String: String] {
    bytes().mapValues { String(decoding: $0.bytes, as: UTF8.self) }
  }
}
