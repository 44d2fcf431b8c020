import CGLib

#if canImport(Glibc)
  import Glibc
#endif

/// Every file ClickGuard writes for a user, written whole in one step with
/// GLib's `g_file_set_contents_full` (`G_FILE_SET_CONTENTS_CONSISTENT`): a
/// new file beside the target, flushed where the file system needs it and
/// renamed over the target, so a reader, or the target after a crash, has
/// the old file or the whole new one, never half of one.
///
/// Only a path that is absent or a regular file is replaced (a symbolic
/// link, a device, a directory or a pipe is refused and left as it is; the
/// application side's `OutputTarget` entry follows links first). The
/// replaced file keeps its permission bits; a new one gets
/// `newFilePermissions` less the umask. A failed write, a full disk for one,
/// leaves the file as it was and names it.
package enum AtomicFile {
  /// Why a file was not written.
  package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as it can be shown.
    package let path: String
    /// What is wrong, in words that follow the path (`cannot be written: No
    /// space left on device`).
    package let problem: String

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
        throw Failure(path: path.displayName, problem: "is not a regular file, and is left as it is")
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
      throw Failure(path: path.displayName, problem: "cannot be written: \(reason(messageTaking(&error)))")
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

  /// The replaced file's own bits again, where the umask took some from the
  /// new file (it applies to the file GLib makes).
  private static func keepPermissions(_ mode: mode_t, of path: ByteString) {
    var status = stat()
    guard path.withCString({ stat($0, &status) }) == 0, status.st_mode & 0o777 != mode else { return }
    _ = path.withCString { chmod($0, mode) }
  }

  /// The system's reason in GLib's message (`Failed to write file “…”:
  /// write() failed: No space left on device`), which names the new file
  /// rather than the target: the words after its last colon.
  private static func reason(_ message: String) -> String {
    message.split(separator: ": ").last.map(String.init) ?? message
  }
}
