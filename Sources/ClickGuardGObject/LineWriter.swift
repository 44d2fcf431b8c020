#if canImport(Glibc)
  import Glibc
#endif

/// Writes lines to a file descriptor, one `write` per line where the system
/// allows, so several processes can append to one file without mixing up
/// lines.
package enum LineWriter {
  /// Writes `line` and a line break to `descriptor`.
  /// - Returns: `nil` when it was written, else the system's reason
  ///   (`strerror`) why not.
  package static func append(_ line: String, to descriptor: Int32) -> String? {
    var text = line + "\n"
    return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// Writes all of `bytes` to `descriptor`, again after a signal interrupts
  /// the write.
  /// - Returns: `nil` when they were written, else the system's reason.
  package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return written == 0 ? "nothing was written" : String(cString: strerror(errno))
      }
    }
    return nil
  }
}

/// The lines a log failed to write in a row, and the two messages a log
/// shows about them: when writing first fails (each next line is tried
/// again), and when a line is written again, with how many were lost. The
/// decision log and the demo's log word their trouble with it.
package struct LostLines {
  /// Lines lost since writing last failed; `nil` while writing works.
  private var count: Int?

  /// No line lost yet.
  package init() {}

  /// Takes how one line of `log` (`the decision log`) to `destination`
  /// went: `failure` is the reason it was not written, `nil` when it was.
  /// - Returns: the message to show, and whether it says writing fails;
  ///   `nil` when nothing changed.
  package mutating func note(
    _ failure: String?, log: String, destination: String
  ) -> (message: String, isFailure: Bool)? {
    if let failure {
      defer { count = (count ?? 0) + 1 }
      guard count == nil else { return nil }
      return ("cannot write \(log) to \(destination): \(failure); each next line is tried again", true)
    }
    guard let lost = count else { return nil }
    count = nil
    return ("\(log) is written to \(destination) again; \(lost) line\(lost == 1 ? " was" : "s were") lost", false)
  }
}
