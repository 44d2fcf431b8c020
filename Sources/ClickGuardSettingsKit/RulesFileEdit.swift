import CGtk
import ClickGuardAppSupport
import ClickGuardGtk
import ClickGuardRules

#if canImport(Glibc)
  import Glibc
#endif

/// Why the rules file was not read or changed, worded for the window: the
/// path, what is wrong, and that the file was left as it is.
package struct RulesFileEditError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message the window shows.
  package let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The user's rules file, edited as a person would edit it: loaded with
/// GKeyFile keeping every comment and every other group and key, a few keys
/// set, then written back whole through ``AtomicFile``.
///
/// A file that cannot be parsed is never written over: loading it throws,
/// and the window shows why. Neither is anything at the path but a regular
/// file (a symbolic link, a FIFO, a directory): its target or contents stay
/// untouched.
///
/// ```swift
/// let edit = try RulesFileEdit(location: RulesFileLocation.current)
/// edit.set("default", "profile", "bounce")
/// try edit.save()
/// ```
package final class RulesFileEdit {
  /// Where the file is.
  package let location: RulesFileLocation
  private let keyFile: OpaquePointer

  /// Loads the file at `location`; a missing file loads as an empty one.
  /// - Throws: ``RulesFileEditError`` when it is not a regular file, cannot
  ///   be read, or GLib cannot parse it.
  package init(location: RulesFileLocation) throws(RulesFileEditError) {
    self.location = location
    // Freed by deinit, which runs when this init throws too.
    keyFile = g_key_file_new()
    let path = location.path
    if let kind = OutputTarget(location.fileName, followingLinks: false).kind.noun {
      throw RulesFileEditError(
        localized("{file} is {kind}, not a regular file; it is left as it is (edit it by hand)").filling([
          "file": path, "kind": translated(kind),
        ]))
    }
    switch BoundedFileRead.contents(of: location.fileName, limit: RulesFile.sizeLimit) {
    case .failure(.missing):
      return
    case .failure(let refusal):
      throw RulesFileEditError(
        localized("{file} cannot be read ({reason}); it is left as it is").filling([
          "file": path, "reason": Self.words(refusal),
        ]))
    case .success(let bytes):
      var error: UnsafeMutablePointer<GError>?
      let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
      let loaded = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          g_key_file_load_from_data(keyFile, $0.baseAddress, gsize($0.count), flags, &error)
        }
      }
      if loaded == 0 {
        let reason = messageTaking(&error)
        throw RulesFileEditError(
          localized("{file} cannot be parsed ({reason}); it is left as it is: fix it by hand, then try again").filling(
            ["file": path, "reason": reason]))
      }
    }
  }

  deinit {
    g_key_file_free(keyFile)
  }

  /// The value of `key` in `[group]`, without a trailing comment, or `nil`.
  package func value(_ group: String, _ key: String) -> String? {
    guard let raw = g_key_file_get_string(keyFile, group, key, nil) else { return nil }
    defer { g_free(raw) }
    return RulesFile.withoutComment(String(cString: raw))
  }

  /// Sets `key` in `[group]` to `value` (the group is added at the end when
  /// missing; a key already there keeps its place and its comment line).
  package func set(_ group: String, _ key: String, _ value: String) {
    g_key_file_set_string(keyFile, group, key, value)
  }

  /// Removes `key` from `[group]`, and the group when nothing is left in it
  /// (no key and no comment).
  package func remove(_ group: String, _ key: String) {
    guard g_key_file_has_group(keyFile, group) != 0 else { return }
    g_key_file_remove_key(keyFile, group, key, nil)
    var count: gsize = 0
    let keys = g_key_file_get_keys(keyFile, group, &count, nil)
    g_strfreev(keys)
    let comment = g_key_file_get_comment(keyFile, group, nil, nil)
    let hasComment = comment.map { $0.pointee != 0 } ?? false
    g_free(comment)
    if count == 0, !hasComment { g_key_file_remove_group(keyFile, group, nil) }
  }

  /// The file's text as it would be saved.
  package var text: String {
    var length: gsize = 0
    guard let data = g_key_file_to_data(keyFile, &length, nil) else { return "" }
    defer { g_free(data) }
    return String(cString: data)
  }

  /// Writes the file back through ``AtomicFile`` (a regular file or
  /// nothing is replaced, never a link), creating its directory when needed.
  /// - Throws: ``RulesFileEditError`` naming the path and the reason; the
  ///   file on disk is then as it was.
  package func save() throws(RulesFileEditError) {
    var length: gsize = 0
    guard let data = g_key_file_to_data(keyFile, &length, nil) else {
      throw RulesFileEditError(
        localized("{file} was not written: GLib could not render it").filling(["file": location.path]))
    }
    defer { g_free(data) }
    let folder = OutputTarget(location.fileName, followingLinks: false).directory
    if folder.withCString({ g_mkdir_with_parents($0, 0o700) }) != 0 {
      let reason = String(cString: strerror(errno))
      throw RulesFileEditError(
        localized("{file} was not written (cannot make {folder}: {reason})").filling([
          "file": location.path, "folder": folder.displayName, "reason": reason,
        ]))
    }
    do {
      try AtomicFile.write(
        UnsafeRawBufferPointer(start: data, count: Int(length)),
        to: OutputTarget(location.fileName, followingLinks: false),
        accepted: Phrase(translatable("the rules file is made new or replaces a regular file")),
        newFilePermissions: 0o644)
    } catch {
      throw RulesFileEditError(
        localized("{file} was not written (it {problem}); it is as it was").filling([
          "file": location.path, "problem": error.problem.translated,
        ]))
    }
  }

  private static func words(_ refusal: BoundedFileRead.Refusal) -> String {
    switch refusal {
    case .missing: localized("it is missing")
    case .notRegular(let kind): localized("it is {kind}").filling(["kind": translated(kind)])
    case .tooLarge: localized("it is over {size}").filling(["size": RulesFile.sizeLimitText])
    case .failed(let reason): reason
    }
  }
}
