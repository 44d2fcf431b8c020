import CGtk

#if canImport(Glibc)
  import Glibc
#endif

/// Every file ClickGuard writes for a user, written whole in one step with
/// GLib's `g_file_set_contents_full` (`G_FILE_SET_CONTENTS_CONSISTENT`): a
/// new file beside the target, flushed where the file system needs it and
/// renamed over the target, so a reader, or the target after a crash, has
/// the old file or the whole new one, never half of one.
///
/// Only a target that is absent or a regular file is replaced (see
/// ``OutputTarget``): a device, a directory or a pipe is refused and left as
/// it is. A symbolic link the target was looked at through is kept, and the
/// file it points to replaced. The replaced file keeps its permission bits;
/// a new one gets `newFilePermissions` less the umask. A failed write, a
/// full disk for one, leaves the target as it was and names it.
package enum AtomicFile {
  /// Replaces `target` with `bytes`.
  /// - Parameters:
  ///   - accepted: what the file may be, for the refusal's words.
  ///   - newFilePermissions: the mode of a file made new (the umask applies).
  /// - Throws: ``OutputFileError`` naming the path and why; the target is
  ///   then as it was.
  package static func write(
    _ bytes: UnsafeRawBufferPointer, to target: OutputTarget, accepted: String,
    newFilePermissions: mode_t = 0o666
  ) throws(OutputFileError) {
    if let refusal = target.refusal(for: accepted) {
      throw OutputFileError(path: target.name.displayName, problem: refusal)
    }
    var mode = newFilePermissions
    if case .regularFile(let permissions) = target.kind { mode = permissions & 0o777 }
    var error: UnsafeMutablePointer<GError>?
    let flags = GFileSetContentsFlags(rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue)
    let empty: CChar = 0
    let written = target.resolved.withCString { path in
      g_file_set_contents_full(
        path, bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? withUnsafePointer(to: empty) { $0 },
        gssize(bytes.count), flags, gint(mode), &error)
    }
    guard written != 0 else {
      throw OutputFileError(
        path: target.name.displayName, problem: "cannot be written: \(reason(messageTaking(&error)))")
    }
    if case .regularFile = target.kind { keepPermissions(mode, of: target.resolved) }
  }

  /// Replaces `target` with `bytes` (see ``write(_:to:accepted:newFilePermissions:)``).
  package static func write(
    _ bytes: [UInt8], to target: OutputTarget, accepted: String, newFilePermissions: mode_t = 0o666
  ) throws(OutputFileError) {
    let written = bytes.withUnsafeBytes { buffer in
      Result { () throws(OutputFileError) in
        try write(buffer, to: target, accepted: accepted, newFilePermissions: newFilePermissions)
      }
    }
    try written.get()
  }

  /// Checks, before anything is written, that `target` could be replaced:
  /// it is absent or a regular file, in a directory this process may make
  /// files in.
  /// - Throws: ``OutputFileError`` naming the path and why not.
  package static func check(_ target: OutputTarget, accepted: String) throws(OutputFileError) {
    if let refusal = target.refusal(for: accepted) {
      throw OutputFileError(path: target.name.displayName, problem: refusal)
    }
    guard target.directory.withCString({ access($0, W_OK | X_OK) }) == 0 else {
      throw OutputFileError(
        path: target.name.displayName,
        problem: "cannot be written: no new file can be made in \(target.directory.displayName): "
          + String(cString: strerror(errno)))
    }
  }

  /// The replaced file's own bits again, where the umask took some from the
  /// new file (it applies to the file GLib makes).
  private static func keepPermissions(_ mode: mode_t, of path: FileName) {
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
