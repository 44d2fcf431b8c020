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
