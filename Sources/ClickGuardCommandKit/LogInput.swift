// LogInput: one log `clickguard report` reads: a regular file, a FIFO or
// pipe, or standard input. Opened without blocking (a FIFO with no writer
// does not hang the open), checked with fstat (a device or a directory is
// refused at once: /dev/zero would never end), then read in fixed-size
// chunks into the report, so memory stays bounded whatever the size.
import ClickGuardAppSupport

#if canImport(Glibc)
  import Glibc
#endif

/// An open decision log, read as a stream.
struct LogInput {
  /// What `report` accepts, in words, for its messages.
  static let accepted = "a regular file, a FIFO or pipe, or - for standard input"
  /// The size of one read.
  static let chunkSize = 64 * 1024

  /// The name as the report shows it (`-`: standard input).
  let name: String
  /// The descriptor.
  private let descriptor: Int32
  /// Whether to wait for data before the first read: a FIFO opened without
  /// blocking reads as ended until a writer comes.
  private let waitsForWriter: Bool

  /// Whether `argument` names standard input (`-`).
  static func isStandardInput(_ argument: ByteString) -> Bool { argument == "-" }

  /// Refuses `argument` when it is something `report` cannot read as a
  /// log: a device or a directory (by `stat`, which does not block). A
  /// path that is not there is left for ``open(_:)`` to report.
  /// - Throws: ``CommandFailure`` (usage) naming the path, what it is and
  ///   what is accepted.
  static func check(_ argument: ByteString) throws(CommandFailure) {
    let standardInput = isStandardInput(argument)
    let kind = standardInput ? FileKind.of(descriptor: STDIN_FILENO) : FileKind.at(argument)
    guard let kind else { return }
    if standardInput ? !acceptsAsStandardInput(kind) : !acceptsAsFile(kind) {
      let name = standardInput ? "standard input" : argument.displayName
      throw .usage("report: \(name) is \(kind.words) (accepted: \(accepted))")
    }
  }

  /// Opens `argument` (`-`: standard input) for reading.
  /// - Throws: ``CommandFailure``: ``ExitStatus/failure`` when it cannot be
  ///   opened, ``ExitStatus/usage`` when it is not a file, FIFO or pipe.
  static func open(_ argument: ByteString) throws(CommandFailure) -> LogInput {
    if isStandardInput(argument) {
      try check(argument)
      return LogInput(name: "-", descriptor: STDIN_FILENO, waitsForWriter: false)
    }
    // O_NONBLOCK: the open of a FIFO with no writer returns at once.
    let descriptor = argument.withCString { Glibc.open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      throw CommandFailure(
        "report: cannot read \(argument.displayName) (\(reason); accepted: \(accepted))", status: ExitStatus.failure)
    }
    let kind = FileKind.of(descriptor: descriptor)
    guard let kind, acceptsAsFile(kind) else {
      close(descriptor)
      throw .usage("report: \(argument.displayName) is \(kind?.words ?? "unknown") (accepted: \(accepted))")
    }
    return LogInput(name: argument.displayName, descriptor: descriptor, waitsForWriter: kind == .fifo)
  }

  /// A named file `report` reads: a regular file or a FIFO.
  private static func acceptsAsFile(_ kind: FileKind) -> Bool {
    kind == .regularFile || kind == .fifo
  }

  /// Standard input `report` reads: a file, a pipe or socket, a terminal,
  /// or `/dev/null`; not another device (`< /dev/zero` would never end).
  private static func acceptsAsStandardInput(_ kind: FileKind) -> Bool {
    switch kind {
    case .regularFile, .fifo, .socket: return true
    case .characterDevice: return isatty(STDIN_FILENO) != 0 || isDevNull(STDIN_FILENO)
    default: return false
    }
  }

  /// Whether `descriptor` is `/dev/null`.
  private static func isDevNull(_ descriptor: Int32) -> Bool {
    var input = stat()
    var null = stat()
    return fstat(descriptor, &input) == 0 && stat("/dev/null", &null) == 0 && input.st_rdev == null.st_rdev
  }

  /// Reads the whole stream into `report` through `buffer` (one chunk at a
  /// time), then closes it.
  /// - Returns: `nil`, or why reading stopped early.
  func read(into report: inout LogReport, buffer: UnsafeMutableRawBufferPointer) -> String? {
    report.start(source: name)
    defer {
      report.finishSource()
      if descriptor != STDIN_FILENO { close(descriptor) }
    }
    var mustWait = waitsForWriter
    while true {
      if mustWait {
        // A FIFO given by name waits here for its writer (the person asked
        // to read it), and for data while the writer is slow.
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, -1) < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        mustWait = false
      }
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count > 0 {
        report.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      } else if count == 0 {
        return nil
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        mustWait = true
      } else if errno != EINTR {
        return String(cString: strerror(errno))
      }
    }
  }
}
