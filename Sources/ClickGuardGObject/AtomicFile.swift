import CGLib

#if canImport(Glibc)
  import Glibc
#endif

/// Every file ClickGuard writes for a user, written whole in one step with
/// `g_file_set_contents_full` (consistent mode: a new file renamed over the
/// target), so a reader or a crash sees the old file or the whole new one.
///
/// Only an absent path or a regular file is replaced, keeping its permission
/// bits; a failed write leaves the file as it was.
package enum AtomicFile {
  /// Why a file was not written.
  package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as it can be shown.
    package let path: String
    /// What is wrong, in words that follow the path.
    package let problem: Phrase

    package var description: String { "'\(path)' \(problem)" }
  }

  /// Replaces the regular file (or nothing) at `path` with `bytes`.
  /// - Parameter newFilePermissions: the mode of a file made new (the umask applies).
  /// - Throws: ``Failure`` naming the path and why; the file is then as it was.
  package static func write(
    _ bytes: UnsafeRawBufferPointer, toPath path: ByteString, newFilePermissions: mode_t = 0o666
  ) throws(Failure) {
    var status = stat()
    var mode = newFilePermissions
    var replaces = false
    if path.withCString({ lstat($0, &status) }) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw Failure(
          path: path.displayName, problem: Phrase(translatable("is not a regular file, and is left as it is")))
      }
      mode = status.st_mode & 0o777
      replaces = true
    }
    var error: UnsafeMutablePointer<GError>?
    let flags = GFileSetContentsFlags(rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue)
    let empty: CChar = 0
    let written = path.withCString { name in
      g_file_set_contents_full(
        name, bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? withUnsafePointer(to: empty) { $0 },
        gssize(bytes.count), flags, gint(mode), &error)
    }
    guard written != 0 else {
      throw Failure(
        path: path.displayName,
        problem: Phrase(translatable("cannot be written: {reason}"), ["reason": .text(reason(messageTaking(&error)))]))
    }
    if replaces { keepPermissions(mode, of: path) }
  }

  /// Replaces the regular file (or nothing) at `path` with `bytes`.
  package static func write(
    _ bytes: [UInt8], toPath path: ByteString, newFilePermissions: mode_t = 0o666
  ) throws(Failure) {
    let written = bytes.withUnsafeBytes { buffer in
      Result { () throws(Failure) in try write(buffer, toPath: path, newFilePermissions: newFilePermissions) }
    }
    try written.get()
  }

  /// The replaced file's own bits again, where the umask took some.
  private static func keepPermissions(_ mode: mode_t, of path: ByteString) {
    var status = stat()
    guard path.withCString({ stat($0, &status) }) == 0, status.st_mode & 0o777 != mode else { return }
    _ = path.withCString { chmod($0, mode) }
  }

  /// The system's reason in GLib's message, which names the temporary file:
  /// the words after its last colon.
  private static func reason(_ message: String) -> String {
    message.split(separator: ": ").last.map(String.init) ?? message
  }
}
