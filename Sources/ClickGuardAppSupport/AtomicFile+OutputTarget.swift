import ClickGuardGObject

#if canImport(Glibc)
  import Glibc
#endif

extension AtomicFile {
  /// Replaces `target` (a path the user named, looked at as ``OutputTarget``
  /// says: a link followed unless looked at with `followingLinks: false`)
  /// with `bytes`.
  /// - Parameter accepted: what the file may be, for the refusal's words.
  /// - Throws: ``OutputFileError`` naming the path and why; the target is
  ///   then as it was.
  package static func write(
    _ bytes: UnsafeRawBufferPointer, to target: OutputTarget, accepted: Phrase, newFilePermissions: mode_t = 0o666
  ) throws(OutputFileError) {
    if let refusal = target.refusal(for: accepted) {
      throw OutputFileError(path: target.name.displayName, problem: refusal)
    }
    do {
      try write(bytes, toPath: target.resolved, newFilePermissions: newFilePermissions)
    } catch {
      throw OutputFileError(path: target.name.displayName, problem: error.problem)
    }
  }

  /// Replaces `target` with `bytes` (see ``write(_:to:accepted:newFilePermissions:)``).
  package static func write(
    _ bytes: [UInt8], to target: OutputTarget, accepted: Phrase, newFilePermissions: mode_t = 0o666
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
  package static func check(_ target: OutputTarget, accepted: Phrase) throws(OutputFileError) {
    if let refusal = target.refusal(for: accepted) {
      throw OutputFileError(path: target.name.displayName, problem: refusal)
    }
    guard target.directory.withCString({ access($0, W_OK | X_OK) }) == 0 else {
      let reason = String(cString: strerror(errno))
      throw OutputFileError(
        path: target.name.displayName,
        problem: Phrase(
          translatable("cannot be written: no new file can be made in {folder}: {reason}"),
          ["folder": .text(target.directory.displayName), "reason": .text(reason)]))
    }
  }
}
