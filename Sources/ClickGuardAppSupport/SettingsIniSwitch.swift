// SettingsIniSwitch: the `gtk-modules` key of the user's GTK 3 settings.ini
// (`$XDG_CONFIG_HOME/gtk-3.0/settings.ini`), edited with GKeyFile so every
// other key, group and comment stays, and written atomically
// (AtomicFile). ClickGuard is added after the modules already
// listed and removed alone; a key it adds goes after its group's last key,
// so each comment stays above what it was above. A file GKeyFile would write
// back with another line changed (a NUL byte, a line ending in two CRs, a
// group twice around a comment) is left as it is, with a message.

import CGtk
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// The user's GTK 3 settings.ini, as a switch for ClickGuard.
package struct SettingsIniSwitch {
  /// The file's path, as bytes.
  package let path: ByteString

  /// The settings.ini at `path`.
  package init(path: ByteString) {
    self.path = path
  }

  /// The user's file: `g_get_user_config_dir()/gtk-3.0/settings.ini`.
  static func user() -> SettingsIniSwitch {
    let directory = g_get_user_config_dir().map { ByteString(cString: $0) } ?? ""
    return SettingsIniSwitch(path: directory + "/gtk-3.0/settings.ini")
  }

  /// A change that could not be made, worded for the user.
  package struct Failure: Error {
    package let message: String
  }

  /// The file's `gtk-modules` (`nil`: no file, or the key is not set).
  package var modules: String? {
    (try? load()).flatMap { file in
      defer { g_key_file_free(file) }
      return Self.modules(of: file)
    }
  }

  /// The `gtk-modules` of `file` as GTK reads it; `nil` when it is not set
  /// or GTK cannot read it (not UTF-8 text, or an escape GKeyFile does not
  /// accept, such as `\u`: GKeyFile then gives the text with an error, and
  /// writing it back would escape the backslash).
  private static func modules(of file: OpaquePointer) -> String? {
    var error: UnsafeMutablePointer<GError>?
    let value = g_key_file_get_string(file, "Settings", "gtk-modules", &error)
    defer { g_free(value) }
    guard error == nil, let value else {
      g_clear_error(&error)
      return nil
    }
    return String(cString: value)
  }

  /// Loads the file keeping comments; an empty key file when it does not
  /// exist.
  private func load() throws(Failure) -> OpaquePointer {
    // GKeyFile ends a line at a NUL byte: writing the file back would lose
    // the rest of that line.
    var contents: UnsafeMutablePointer<gchar>?
    var length: gsize = 0
    if path.withCString({ g_file_get_contents($0, &contents, &length, nil) }) != 0 {
      defer { g_free(contents) }
      if UnsafeRawBufferPointer(start: contents, count: Int(length)).contains(0) {
        throw Failure(
          message: localized(
            "cannot change {file}: it holds a NUL byte, after which GTK reads nothing of its line; it is left as it is"
          ).filling(["file": path.displayName]))
      }
    }
    let file = g_key_file_new()!
    var error: UnsafeMutablePointer<GError>?
    let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
    let loaded = path.withCString { g_key_file_load_from_file(file, $0, flags, &error) }
    if loaded == 0 {
      let missing = error.map {
        $0.pointee.domain == g_file_error_quark() && $0.pointee.code == G_FILE_ERROR_NOENT.rawValue
      }
      let message = messageTaking(&error)
      if missing != true {
        g_key_file_free(file)
        throw Failure(
          message: localized("cannot read {file}: {reason} (it must be a GKeyFile, as GTK reads it)").filling([
            "file": path.displayName, "reason": message,
          ]))
      }
    }
    return file
  }

  /// Adds `clickguard` after the modules listed. Returns the value before
  /// (`nil`: not set) and after, or `nil` when ClickGuard was listed already.
  package func enable() throws(Failure) -> (before: String?, after: String)? {
    let file = try load()
    defer { g_key_file_free(file) }
    try refuseRepeatedNames()
    let before = Self.modules(of: file)
    if before == nil, g_key_file_has_key(file, "Settings", "gtk-modules", nil) != 0 {
      throw Failure(
        message: localized(
          "cannot change gtk-modules in {file}: its value is not text GTK can read (it is not UTF-8, or holds a backslash escape GKeyFile does not accept); it is left as it is"
        ).filling(["file": path.displayName]))
    }
    guard let after = GtkModuleList.addingClickGuard(to: before) else { return nil }
    if before == nil, let text = contents(),
      let placed = Self.placing(key: "gtk-modules", value: after, in: text, readAs: file)
    {
      defer { g_key_file_free(placed) }
      try save(placed)
    } else {
      g_key_file_set_string(file, "Settings", "gtk-modules", after)
      try save(file)
    }
    return (before, after)
  }

  /// Throws when the file names a group twice, or a key twice in a group:
  /// GKeyFile reads the two as one and writes them back merged, moving lines
  /// a person wrote.
  private func refuseRepeatedNames() throws(Failure) {
    guard let text = contents() else { return }
    var groups: Set<ArraySlice<UInt8>> = []
    var keys: Set<[ArraySlice<UInt8>]> = []
    var group: ArraySlice<UInt8> = []
    for line in Self.lines(text) {
      let start = line.drop { Self.isASCIISpace($0) }
      if start.first == UInt8(ascii: "["), let close = start.lastIndex(of: UInt8(ascii: "]")) {
        group = start[start.index(after: start.startIndex)..<close]
        guard groups.insert(group).inserted else {
          throw repeated(localized("the group [{group}]").filling(["group": String(decoding: group, as: UTF8.self)]))
        }
      } else if start.first != UInt8(ascii: "#"), let equals = start.firstIndex(of: UInt8(ascii: "=")) {
        var key = start[..<equals]
        while let last = key.last, Self.isASCIISpace(last) { key = key.dropLast() }
        guard keys.insert([group, key]).inserted else {
          throw repeated(localized("the key {key}").filling(["key": String(decoding: key, as: UTF8.self)]))
        }
      }
    }
  }

  /// The failure for a file naming `what` (a group or a key, in the
  /// reader's language) twice.
  private func repeated(_ what: String) -> Failure {
    Failure(
      message: localized(
        "cannot edit {file}: it names {what} twice, and GKeyFile would write the two as one, moving lines; it is left as it is. Remove one, or add clickguard to gtk-modules in its [Settings] group by hand"
      ).filling(["file": path.displayName, "what": what]))
  }

  /// Whether GKeyFile takes `byte` for space (`g_ascii_isspace`: not the
  /// vertical tab, which C's `isspace` counts).
  private static func isASCIISpace(_ byte: UInt8) -> Bool {
    [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(byte)
  }

  /// The file's bytes, `nil` when it cannot be read.
  private func contents() -> [UInt8]? {
    var contents: UnsafeMutablePointer<gchar>?
    var length: gsize = 0
    guard path.withCString({ g_file_get_contents($0, &contents, &length, nil) }) != 0 else { return nil }
    defer { g_free(contents) }
    return Array(UnsafeRawBufferPointer(start: contents, count: Int(length)))
  }

  /// `text` with `key=value` placed in its [Settings] group right after the
  /// group's last key, loaded as a key file. GKeyFile itself adds a key after
  /// the group's trailing comment lines, which then read as the new key's
  /// comment rather than the next group's. `nil` when there is no [Settings]
  /// group, or when GKeyFile reads anything else of the placed text
  /// differently from `original`, the key file it read of `text`.
  private static func placing(key: String, value: String, in text: [UInt8], readAs original: OpaquePointer)
    -> OpaquePointer?
  {
    var group: ArraySlice<UInt8>?
    var insertion: Int?
    var start = 0
    while start < text.count {
      let end = text[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? text.count
      // GKeyFile reads a line from its first byte that is not ASCII space.
      let line = text[start..<end].drop { isASCIISpace($0) }
      if line.first == UInt8(ascii: "["), let close = line.lastIndex(of: UInt8(ascii: "]")) {
        group = line[line.index(after: line.startIndex)..<close]
        if group?.elementsEqual("Settings".utf8) == true { insertion = end }
      } else if let first = line.first, first != UInt8(ascii: "#"), group?.elementsEqual("Settings".utf8) == true {
        insertion = end
      }
      start = end
    }
    guard let insertion else { return nil }
    var placed = Array(text[..<insertion])
    if placed.last != UInt8(ascii: "\n") { placed.append(UInt8(ascii: "\n")) }
    placed += Array("\(key)=\(value)\n".utf8) + text[insertion...]
    guard let file = loaded(placed) else { return nil }
    // What GKeyFile reads of the placed text, the key aside, is what it read
    // of the file.
    guard let check = loaded(placed) else {
      g_key_file_free(file)
      return nil
    }
    defer { g_key_file_free(check) }
    g_key_file_remove_key(check, "Settings", key, nil)
    let read = g_key_file_get_string(file, "Settings", key, nil).map { pointer in
      defer { g_free(pointer) }
      return String(cString: pointer)
    }
    guard read == value, data(of: check) == data(of: original) else {
      g_key_file_free(file)
      return nil
    }
    return file
  }

  /// A key file loaded from `text` keeping comments and translations, as
  /// ``load()`` loads the file; `nil` when GKeyFile cannot read it.
  private static func loaded(_ text: [UInt8]) -> OpaquePointer? {
    let file = g_key_file_new()!
    let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
    let read = text.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: gchar.self) {
        g_key_file_load_from_data(file, $0.baseAddress, gsize($0.count), flags, nil)
      }
    }
    guard read != 0 else {
      g_key_file_free(file)
      return nil
    }
    return file
  }

  /// The text GKeyFile writes of `file`.
  private static func data(of file: OpaquePointer) -> [UInt8]? {
    var length: gsize = 0
    guard let data = g_key_file_to_data(file, &length, nil) else { return nil }
    defer { g_free(data) }
    return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
  }

  /// Removes every ClickGuard entry; the key too when nothing else is
  /// listed, and then the [Settings] group when no key and no comment line
  /// is left in it (one the file had empty goes with it: GTK reads nothing
  /// in it). Returns the value before and after (`nil`: the key removed),
  /// or `nil` when ClickGuard was not listed.
  package func disable() throws(Failure) -> (before: String, after: String?)? {
    let file = try load()
    defer { g_key_file_free(file) }
    try refuseRepeatedNames()
    guard let before = Self.modules(of: file), let after = GtkModuleList.removingClickGuard(from: before) else {
      return nil
    }
    if let rest = after {
      g_key_file_set_string(file, "Settings", "gtk-modules", rest)
    } else {
      g_key_file_remove_key(file, "Settings", "gtk-modules", nil)
      var count: gsize = 0
      if let keys = g_key_file_get_keys(file, "Settings", &count, nil) {
        g_strfreev(keys)
        if count == 0 { Self.removeGroupKeepingComments("Settings", of: file) }
      }
    }
    try save(file)
    return (before, after)
  }

  /// Removes `group`, which holds no key, from `file` unless that would
  /// lose a line: GKeyFile removes the comment lines that end a group (and
  /// any other text it kept as comment, blank characters too) with it.
  private static func removeGroupKeepingComments(_ group: String, of file: OpaquePointer) {
    guard let kept = data(of: file), let trial = loaded(kept) else { return }
    defer { g_key_file_free(trial) }
    g_key_file_remove_group(trial, group, nil)
    let header = Array("[\(group)]".utf8)
    guard let removed = data(of: trial),
      lines(kept).filter({ !$0.elementsEqual(header) }).elementsEqual(lines(removed), by: ==)
    else { return }
    g_key_file_remove_group(file, group, nil)
  }

  /// The lines of `text` GKeyFile keeps as comments, byte for byte: those
  /// whose first byte that is not ASCII space is `#`, without the CRs that
  /// end them (GKeyFile takes a CR before a LF for a CRLF line end).
  private static func commentLines(of text: [UInt8]) -> [ArraySlice<UInt8>] {
    lines(text).filter { line in
      line.first { !isASCIISpace($0) } == UInt8(ascii: "#")
    }.map { line in line[..<(line.lastIndex { $0 != UInt8(ascii: "\r") }.map { $0 + 1 } ?? line.startIndex)] }
  }

  /// The lines of `text` that are not empty.
  private static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
    text.split(separator: UInt8(ascii: "\n"))
  }

  /// Writes `file` atomically (``AtomicFile``), creating the directory when
  /// needed. A file left with nothing in it but the blank lines GKeyFile
  /// writes is removed instead (ClickGuard made it). Nothing is written unless GKeyFile reads the text back as
  /// it wrote it: it takes a value's or a comment's last CR for a line end,
  /// so a line ending in two would lose one.
  private func save(_ file: OpaquePointer) throws(Failure) {
    guard let data = Self.data(of: file) else {
      throw Failure(
        message: localized("cannot write {file}: GKeyFile gave no text").filling(["file": path.displayName]))
    }
    if let original = contents(), !Self.commentLines(of: original).isSubsequence(of: Self.commentLines(of: data)) {
      throw Failure(
        message: localized(
          "cannot edit {file} without moving or losing a comment line (GKeyFile merges a group that appears twice as it writes the file); it is left as it is. Add clickguard to gtk-modules in its [Settings] group by hand"
        ).filling(["file": path.displayName]))
    }
    let reread = Self.loaded(data)
    defer { reread.map { g_key_file_free($0) } }
    guard let reread, Self.data(of: reread) == data else {
      throw Failure(
        message: localized(
          "cannot edit {file} without changing a line that is not ClickGuard's (a line ending in a carriage return would lose it); it is left as it is. Add clickguard to gtk-modules in its [Settings] group by hand, or remove the carriage return"
        ).filling(["file": path.displayName]))
    }
    if data.allSatisfy({ $0 == UInt8(ascii: "\n") }) {
      guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
        throw Failure(
          message: localized("cannot write {file}: {reason}").filling([
            "file": path.displayName, "reason": String(cString: strerror(errno)),
          ]))
      }
      return
    }
    if let directory = path.directoryPart {
      _ = directory.withCString { g_mkdir_with_parents($0, 0o755) }
    }
    do {
      try AtomicFile.write(
        data, to: OutputTarget(ByteString(bytes: path.bytes)),
        accepted: Phrase(translatable("settings.ini is made new or replaces a regular file")))
    } catch {
      throw Failure(message: localized("{error}; it is as it was").filling(["error": error.translated]))
    }
  }
}

extension GtkModuleList {
  /// `entries` joined with `:`, as text (GKeyFile and xfconf take UTF-8).
  static func joined(_ entries: [ByteString]) -> String {
    entries.map(\.displayName).joined(separator: ":")
  }

  /// A `gtk-modules` value (`nil`: not set) with `clickguard` after the
  /// modules listed; `nil` when it lists ClickGuard already.
  static func addingClickGuard(to value: String?) -> String? {
    let list = GtkModuleList(value.map { ByteString($0) })
    guard !list.hasClickGuard else { return nil }
    return joined(list.entries + ["clickguard"])
  }

  /// A `gtk-modules` value without its ClickGuard entries: `.some(nil)`
  /// when nothing else is listed, `nil` when it lists no ClickGuard.
  static func removingClickGuard(from value: String) -> String?? {
    let list = GtkModuleList(ByteString(value))
    guard list.hasClickGuard else { return nil }
    let rest = list.withoutClickGuard.entries
    return .some(rest.isEmpty ? nil : joined(rest))
  }
}

extension Array where Element == ArraySlice<UInt8> {
  /// Whether every line of `self` is in `other`, in the same order.
  fileprivate func isSubsequence(of other: [ArraySlice<UInt8>]) -> Bool {
    var rest = other[...]
    for line in self {
      guard let index = rest.firstIndex(where: { $0.elementsEqual(line) }) else { return false }
      rest = rest[(index + 1)...]
    }
    return true
  }
}
