#if canImport(Glibc)
  import Glibc
#endif

/// The decision log's lines on standard error (`CLICKGUARD_LOG=-`), which
/// the app shares, written so that they never hold up the app's main loop:
/// a reader that falls behind costs lines, not time.
///
/// The descriptor is left as the app has it (making it non-blocking would
/// change the app's own stderr, which shares its open file description).
/// Instead each piece of a line is written only once `poll` says, without
/// waiting, that the descriptor takes more now, and a piece is at most
/// `PIPE_BUF` bytes, which a pipe with room takes whole, in one go. A line
/// the descriptor cannot take at all is dropped; the rest of a line it took
/// only part of is written first, before the next line. A reader that went
/// away gives `EPIPE`, never the `SIGPIPE` that would end the app
/// (``BrokenPipeShield``).
struct StandardErrorLog {
  /// The descriptor, standard error unless a test gives another.
  let descriptor: Int32
  /// The rest of a line the descriptor took only part of.
  private var unfinished: [UInt8] = []

  init(descriptor: Int32 = STDERR_FILENO) {
    self.descriptor = descriptor
  }

  /// Writes `line` and a line break, as far as the descriptor takes it now.
  /// - Returns: `nil` when it was written (or begun: its rest goes out
  ///   first next time), else why it was dropped.
  mutating func append(_ line: String) -> String? {
    if !unfinished.isEmpty {
      let (written, failure) = writeSome(unfinished)
      unfinished.removeFirst(written)
      if let failure {
        if failure != Self.full { unfinished = [] }  // the reader is gone: the next one starts afresh
        if !unfinished.isEmpty { return failure }
      }
    }
    var bytes = Array(line.utf8)
    bytes.append(UInt8(ascii: "\n"))
    let (written, failure) = writeSome(bytes)
    guard let failure else { return nil }
    guard written > 0, failure == Self.full else { return failure }
    unfinished = Array(bytes[written...])
    return nil
  }

  /// Why a line was dropped while the reader falls behind.
  static let full = "the reader is not keeping up (it is full)"

  /// Writes as much of `bytes` as the descriptor takes now, `PIPE_BUF`
  /// bytes at a time.
  /// - Returns: how many bytes were written, and why it stopped short, if it did.
  private func writeSome(_ bytes: [UInt8]) -> (Int, String?) {
    var offset = 0
    while offset < bytes.count {
      var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      let polled = poll(&ready, 1, 0)
      if polled < 0, errno == EINTR { continue }
      guard polled >= 0 else { return (offset, String(cString: strerror(errno))) }
      guard ready.revents & Int16(POLLOUT | POLLERR | POLLHUP | POLLNVAL) != 0 else { return (offset, Self.full) }
      let count = min(bytes.count - offset, Int(PIPE_BUF))
      let result = bytes.withUnsafeBytes { buffer in
        BrokenPipeShield.run { write(descriptor, buffer.baseAddress! + offset, count) }
      }
      if result > 0 {
        offset += result
      } else if result < 0, errno == EINTR {
        continue
      } else if result < 0, errno == EAGAIN {
        return (offset, Self.full)
      } else {
        return (offset, result < 0 ? String(cString: strerror(errno)) : "nothing was written")
      }
    }
    return (offset, nil)
  }
}
