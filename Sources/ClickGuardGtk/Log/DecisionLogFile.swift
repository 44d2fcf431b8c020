import ClickGuard

#if canImport(Glibc)
  import Glibc
#endif

/// The file a ``DecisionLog`` appends to, which never blocks the app and
/// follows its path.
///
/// Opened non-blocking, so a slow reader loses lines rather than stalling the
/// main loop (and a gone one gives `EPIPE`: ``BrokenPipeShield``). Before a
/// line it checks the path still names the open file, for logrotate.
final class DecisionLogFile {
  /// What happened to the file at the path since the last line.
  enum PathChange: Hashable {
    /// Deleted or moved away; a new one was made at the path.
    case recreated
    /// Another file is at the path now (a rotation).
    case replaced
  }

  enum Outcome: Hashable {
    /// Written whole, or begun on a full pipe: the rest goes before the next line.
    case written
    case lost(String)
  }

  let name: ByteString
  private let checkEvery: Duration
  private var descriptor: Int32 = -1
  private var identity: (device: dev_t, inode: ino_t) = (0, 0)
  private var isPipe = false
  private var openFailure: String?
  private var lastCheck: ClickInstant?
  /// The rest of a line a full pipe took only part of.
  private var unfinished: [UInt8] = []

  /// Opens `name` for appending, creating it if needed.
  /// - Parameter checkEvery: how often, at most, device and inode are compared with the path.
  /// - Throws: ``DecisionLogError`` naming the path and the system's reason.
  init(name: ByteString, checkEvery: Duration = .seconds(1)) throws(DecisionLogError) {
    self.name = name
    self.checkEvery = checkEvery
    if let reason = open() { throw DecisionLogError(path: name.displayName, reason: reason) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Reopens the path when it no longer names the open file; returns what changed.
  func followPath(at now: ClickInstant) -> PathChange? {
    let isDue = lastCheck.map { $0.duration(to: now) >= checkEvery } ?? true
    if isDue { lastCheck = now }
    guard descriptor >= 0 else {
      if isDue { _ = open() }
      return nil
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_nlink == 0, status.st_mode & S_IFMT == S_IFREG {
      return reopen(as: .recreated)
    }
    guard isDue else { return nil }
    guard name.withCString({ stat($0, &status) }) == 0 else {
      return errno == ENOENT ? reopen(as: .recreated) : nil
    }
    return (status.st_dev, status.st_ino) == identity ? nil : reopen(as: .replaced)
  }

  /// Writes `line` and a line break in one `write` where possible; never waits.
  func append(_ line: String) -> Outcome {
    guard descriptor >= 0 else { return .lost(openFailure ?? localized("it is not open")) }
    if !unfinished.isEmpty {
      let (written, error) = writeSome(unfinished)
      unfinished.removeFirst(written)
      if let error, !unfinished.isEmpty {
        if error != EAGAIN { unfinished = [] }  // the reader is gone: the next one starts afresh
        return .lost(Self.reason(error))
      }
    }
    var bytes = Array(line.utf8)
    bytes.append(UInt8(ascii: "\n"))
    let (written, error) = writeSome(bytes)
    guard let error else { return .written }
    if written > 0, error == EAGAIN {
      unfinished = Array(bytes[written...])
      return .written
    }
    return .lost(Self.reason(error))
  }

  /// Writes what the descriptor takes now: the count, and the `errno` that stopped it.
  private func writeSome(_ bytes: [UInt8]) -> (Int, Int32?) {
    var offset = 0
    while offset < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        isPipe
          ? BrokenPipeShield.run { write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
          : write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if result > 0 {
        offset += result
      } else if result < 0, errno == EINTR {
        continue
      } else {
        return (offset, result < 0 ? errno : EIO)
      }
    }
    return (offset, nil)
  }

  private func reopen(as change: PathChange) -> PathChange? {
    close(descriptor)
    descriptor = -1
    unfinished = []
    return open() == nil ? change : nil
  }

  /// Opens the path; returns why not, or `nil`.
  private func open() -> String? {
    let flags = O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
    let opened = name.withCString { Glibc.open($0, flags, 0o644) }
    var status = stat()
    guard opened >= 0, fstat(opened, &status) == 0 else {
      let error = errno
      if opened >= 0 { close(opened) }
      var pathStatus = stat()
      let isFIFO = name.withCString { stat($0, &pathStatus) } == 0 && pathStatus.st_mode & S_IFMT == S_IFIFO
      openFailure =
        error == ENXIO && isFIFO
        ? localized("it is a FIFO that no process is reading ({reason})").filling(["reason": Self.reason(error)])
        : Self.reason(error)
      return openFailure
    }
    descriptor = opened
    identity = (status.st_dev, status.st_ino)
    isPipe = [S_IFIFO, S_IFSOCK].contains(status.st_mode & S_IFMT)
    openFailure = nil
    return nil
  }

  private static func reason(_ error: Int32) -> String {
    error == EAGAIN
      ? "the reader is not keeping up (\(String(cString: strerror(error))))" : String(cString: strerror(error))
  }
}
