import CGLib
import ClickGuardGObject

#if canImport(Glibc)
  import Glibc
#endif

/// A new file beside a target (same directory, named `.NAME.XXXXXX`),
/// written, flushed to disk and renamed over the target in one step, so a
/// reader sees the old file or the whole new one, never half of one.
///
/// The target is replaced only while it is absent or a regular file, which
/// is checked again just before the rename (`rename` replaces a link rather
/// than following it, and a target looked at without following links
/// refuses one); a failed write leaves the target as it was, removes the new
/// file and says why. The demo writes its screenshots with it and starts a
/// log in place of an older one; the settings window saves the rules file.
package final class ReplacementFile {
  /// The target as it was looked at.
  package let target: OutputTarget
  /// The new file's path.
  package let temporary: FileName
  /// The new file's descriptor, open for writing; -1 once closed.
  private var descriptor: Int32
  private var isDone = false

  /// Makes a new, empty file beside `target`, with the permissions of the
  /// file it will replace, or `newFilePermissions` (`nil`: 0666 less the
  /// umask) when there is none.
  /// - Throws: ``OutputFileError`` when `target` is neither absent nor a
  ///   regular file, or no file can be made in its directory.
  package init(
    beside target: OutputTarget, accepted: String, newFilePermissions: mode_t? = nil
  ) throws(OutputFileError) {
    self.target = target
    if let refusal = target.refusal(for: accepted) {
      throw OutputFileError(path: target.name.displayName, problem: refusal)
    }
    var template = Self.template(beside: target.resolved).map { CChar(bitPattern: $0) } + [0]
    let fd = template.withUnsafeMutableBufferPointer { g_mkstemp_full($0.baseAddress, O_WRONLY | O_CLOEXEC, 0o666) }
    guard fd >= 0 else {
      throw OutputFileError(
        path: target.name.displayName,
        problem: "cannot be written: no new file can be made in \(target.directory.displayName): "
          + String(cString: strerror(errno)))
    }
    descriptor = fd
    temporary = template.withUnsafeBufferPointer { FileName(cString: $0.baseAddress!) }
    if case .regularFile(let permissions) = target.kind {
      fchmod(fd, permissions)
    } else if let newFilePermissions {
      fchmod(fd, newFilePermissions)
    }
  }

  /// Replaces `target` with `bytes` (``commit()``).
  /// - Throws: ``OutputFileError`` naming the path and why; the target is
  ///   then as it was.
  package static func replace(
    _ target: OutputTarget, with bytes: UnsafeRawBufferPointer, accepted: String, newFilePermissions: mode_t? = nil
  ) throws(OutputFileError) {
    let file = try ReplacementFile(beside: target, accepted: accepted, newFilePermissions: newFilePermissions)
    if let reason = file.write(bytes) { throw file.failure("cannot be written: " + reason) }
    try file.commit()
  }

  deinit {
    discard()
  }

  /// Writes all of `bytes` to the new file.
  /// - Returns: `nil` when written, else the system's reason.
  package func write(_ bytes: UnsafeRawBufferPointer) -> String? {
    LineWriter.write(bytes, to: descriptor)
  }

  /// Puts the written file on disk, closes it and renames it over the
  /// target.
  /// - Throws: ``OutputFileError`` when it cannot be flushed, or the target
  ///   is no longer absent or a regular file; the new file is then removed
  ///   and the target left as it is.
  package func commit() throws(OutputFileError) {
    if fsync(descriptor) != 0 {
      throw failure("cannot be written: " + String(cString: strerror(errno)))
    }
    let closed = close(descriptor)
    descriptor = -1
    if closed != 0 {
      throw failure("cannot be written: " + String(cString: strerror(errno)))
    }
    try install()
  }

  /// Renames the new file over the target, keeping it open, and hands over
  /// its descriptor (the caller closes it): a log starts empty in place of
  /// an older one and is then written line by line.
  /// - Throws: ``OutputFileError`` as ``commit()`` does.
  package func installKeepingOpen() throws(OutputFileError) -> Int32 {
    try install()
    let fd = descriptor
    descriptor = -1
    return fd
  }

  /// Closes and removes the new file, if it is not in place yet.
  package func discard() {
    guard !isDone else { return }
    isDone = true
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    _ = temporary.withCString { unlink($0) }
  }

  /// Re-checks the target, renames the new file over it and puts the
  /// rename on disk (best effort: the file is in place already).
  private func install() throws(OutputFileError) {
    let now = OutputTarget(target.name, followingLinks: target.followsLinks)
    if let refusal = now.refusal(for: "it changed while it was being written") {
      throw failure(refusal)
    }
    let renamed = temporary.withCString { from in now.resolved.withCString { to in rename(from, to) } }
    guard renamed == 0 else { throw failure("cannot be replaced: " + String(cString: strerror(errno))) }
    isDone = true
    let folder = now.directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Discards the new file and returns the error to throw.
  private func failure(_ problem: String) -> OutputFileError {
    discard()
    return OutputFileError(path: target.name.displayName, problem: problem)
  }

  /// `DIR/.NAME.XXXXXX` for the target `DIR/NAME`, its name cut short to
  /// fit the system's limit on a file name (255 bytes).
  private static func template(beside target: FileName) -> [UInt8] {
    let bytes = target.bytes
    let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
    let folder = slash.map { Array(bytes[...$0]) } ?? []
    let base = Array(bytes[(slash.map { $0 + 1 } ?? 0)...].prefix(255 - ".".utf8.count - ".XXXXXX".utf8.count))
    return folder + Array(".".utf8) + base + Array(".XXXXXX".utf8)
  }
}
