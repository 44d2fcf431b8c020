// LogFile: the file behind --log-file. Chooses how to open what the user
// named without destroying it, writes each line with one write, and says on
// standard error when writing fails and when it works again.

import ClickGuardAppSupport
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// Where the demo's JSON lines go.
///
/// - A new path, or a regular file: an empty log replaces it in one step
///   (``AtomicFile``) before the first line, then is written line by line.
/// - A character device (`/dev/null`, `/dev/full`, a terminal) or a pipe (a
///   FIFO, `/dev/stderr` to a pipe, a shell's `>(…)`): appended to as it is,
///   never replaced. A FIFO that no process reads is refused rather than
///   waited for.
/// - Anything else (a directory, a block device, a socket, a path in a
///   folder that does not exist) is refused and left as it is.
///
/// A line that cannot be written is reported on standard error once, with
/// the path and the system's reason; each next line is tried again, and the
/// first that is written says how many were lost.
@MainActor
final class LogFile {
  /// What the log may go to, for messages.
  static let accepted = Phrase(
    translatable("the log goes to a new file, replaces a regular file, or is appended to a character device or a pipe"))

  private let descriptor: Int32
  /// The path as messages show it.
  private let path: String
  /// Lines lost since writing last failed.
  private var lostLines = LostLines()

  /// Opens `name` for the log, as the type's documentation says.
  /// - Throws: ``OutputFileError`` naming the path and why it is refused or
  ///   cannot be opened.
  init(_ name: ByteString) throws(OutputFileError) {
    let target = OutputTarget(name)
    path = name.displayName
    switch target.kind {
    case .absent, .regularFile:
      descriptor = try Self.openEmpty(target)
    case .characterDevice, .pipe:
      descriptor = try Self.openForAppending(target)
    default:
      throw OutputFileError(
        path: path, problem: target.refusal(for: Self.accepted) ?? Phrase(translatable("is refused")))
    }
  }

  isolated deinit {
    close(descriptor)
  }

  /// Writes `line` and a line break with one `write`, or reports why not.
  func append(_ line: String) {
    let reason = LineWriter.append(line, to: descriptor)
    if let (message, isFailure) = lostLines.note(
      reason, log: localized("the log"), destination: localized("'{path}'").filling(["path": path]))
    {
      Console.error(
        "\(DemoApplication.programName): "
          + (isFailure ? localized("warning: {message}").filling(["message": message]) : message))
    }
  }

  /// Replaces a regular file (or nothing) with an empty one and opens it
  /// for appending, checking that what was opened is that regular file.
  private static func openEmpty(_ target: OutputTarget) throws(OutputFileError) -> Int32 {
    try AtomicFile.write([], to: target, accepted: accepted)
    let fd = target.resolved.withCString { open($0, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC) }
    var status = stat()
    guard fd >= 0, fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      let problem =
        fd >= 0
        ? Phrase(translatable("cannot be opened: changed while the demo opened it"))
        : Phrase(translatable("cannot be opened: {reason}"), ["reason": .text(String(cString: strerror(errno)))])
      if fd >= 0 { close(fd) }
      throw OutputFileError(path: target.name.displayName, problem: problem)
    }
    return fd
  }

  /// Opens a character device or a pipe for appending, without waiting for
  /// a reader and without making it the controlling terminal, and checks
  /// that what was opened is still one.
  private static func openForAppending(_ target: OutputTarget) throws(OutputFileError) -> Int32 {
    let path = target.name.displayName
    let flags = O_WRONLY | O_APPEND | O_NOCTTY | O_NONBLOCK | O_CLOEXEC
    let fd = target.resolved.withCString { open($0, flags) }
    guard fd >= 0 else {
      let error = errno
      let problem =
        error == ENXIO && target.kind == .pipe
        ? Phrase(translatable("is a pipe that no process reads"))
        : Phrase(translatable("cannot be opened: {reason}"), ["reason": .text(String(cString: strerror(error)))])
      throw OutputFileError(path: path, problem: problem)
    }
    var status = stat()
    let kind = fstat(fd, &status) == 0 ? status.st_mode & S_IFMT : 0
    guard kind == S_IFCHR || kind == S_IFIFO else {
      close(fd)
      throw OutputFileError(
        path: path, problem: Phrase(translatable("changed while the demo opened it, and is left as it is")))
    }
    // Blocking writes from here on, as to a terminal.
    _ = fcntl(fd, F_SETFL, O_WRONLY | O_APPEND)
    return fd
  }
}
