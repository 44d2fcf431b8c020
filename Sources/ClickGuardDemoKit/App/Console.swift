// Console: plain writes to standard output and standard error, safe under
// strict concurrency (no shared FILE* globals).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes text to the process's standard streams.
package enum Console {
  /// Writes `text` and a newline to standard output.
  package static func out(_ text: String) {
    write(fd: 1, text + "\n")
  }

  /// Writes `text` and a newline to standard error.
  package static func error(_ text: String) {
    write(fd: 2, text + "\n")
  }

  private static func write(fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written <= 0 { return }
      offset += written
    }
  }
}
