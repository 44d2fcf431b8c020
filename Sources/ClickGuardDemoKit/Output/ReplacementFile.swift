// ReplacementFile: a new file made beside a target the user named, written,
// then renamed over the target in one step, so the target is either what it
// was or the whole new file, and never something destroyed on the way.

import CGtk
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// A new file beside a target (same directory, named `.NAME.XXXXXX`),
/// renamed over the target once written.
///
/// The target is replaced only while it is absent or a regular file, which
/// is checked again just before the rename; a failed write leaves the target
/// as it was and removes the new file. This is how the demo writes its
/// screenshots, and how it starts a log in place of an older one.
package final class ReplacementFile {
  /// The target as it was looked at.
  package let target: OutputTarget
  /// The new file's path.
  let temporary: FileName
  /// The new file's descriptor, open for writing; -1 once closed.
  private var descriptor: Int32
  private var isDone = false

  /// Makes a new, empty file beside `target`, with the permissions of the
  /// file it will replace, or those of a new file (0666 less the umask).
  /// - Throws: ``OutputFileError`` when `target` is neither absent nor a
  ///   regular file, or no file can be made in its directory.
  package init(beside target: OutputTarget, accepted: String) throws(OutputFileError) {
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
    if case .regularFile(let permissions) = target.kind { fchmod(fd, permissions) }
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
  func commit() throws(OutputFileError) {
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
  func installKeepingOpen() throws(OutputFileError) -> Int32 {
    try install()
    let fd = descriptor
    descriptor = -1
    return fd
  }

  /// Closes and removes the new file, if it is not in place yet.
  func discard() {
    guard !isDone else { return }
    isDone = true
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    _ = temporary.withCString { unlink($0) }
  }

  /// Re-checks the target and renames the new file over it.
  private func install() throws(OutputFileError) {
    let now = OutputTarget(target.name)
    if let refusal = now.refusal(for: "it changed while the demo was writing") {
      throw failure(refusal)
    }
    let renamed = temporary.withCString { from in now.resolved.withCString { to in rename(from, to) } }
    guard renamed == 0 else { throw failure("cannot be replaced: " + String(cString: strerror(errno))) }
    isDone = true
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
