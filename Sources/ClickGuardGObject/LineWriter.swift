#if canImport(Glibc)
  import Glibc
#endif

/// Writes lines to a file descriptor, one `write` per line where the system
/// allows, so several processes can append to one file without mixing up
/// lines.
package enum LineWriter {
  /// Writes `line` and a line break; returns `nil` or the system's reason.
  package static func append(_ line: String, to descriptor: Int32) -> String? {
    var text = line + "\n"
    return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// Writes all of `bytes`, again after a signal interrupts the write.
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
        return written == 0 ? localized("nothing was written") : String(cString: strerror(errno))
      }
    }
    return nil
  }
}

/// The lines a log failed to write in a row, and its two messages about
/// them: when writing first fails, and when it works again, with the count.
package struct LostLines {
  /// Lines lost since writing last failed; `nil` while writing works.
  private var count: Int?

  /// No line lost yet.
  package init() {}

  /// Takes how one line of `log` (its name in the reader's language) to
  /// `destination` went (`failure`: why it was not written); returns the
  /// message to show, in the reader's language, when something changed.
  package mutating func note(
    _ failure: String?, log: String, destination: String
  ) -> (message: String, isFailure: Bool)? {
    if let failure {
      defer { count = (count ?? 0) + 1 }
      guard count == nil else { return nil }
      return (
        localized("cannot write {log} to {destination}: {reason}; each next line is tried again").filling([
          "log": log, "destination": destination, "reason": failure,
        ]), true
      )
    }
    guard let lost = count else { return nil }
    count = nil
    let words = localizedPlural(
      "{log} is written to {destination} again; {count} line was lost",
      "{log} is written to {destination} again; {count} lines were lost", count: lost)
    return (words.filling(["log": log, "destination": destination, "count": String(lost)]), false)
  }
}
