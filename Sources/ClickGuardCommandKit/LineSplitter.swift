// LineSplitter: cuts a byte stream into lines as chunks of it arrive, so a
// log is read in fixed-size reads and never held whole. A line that spans
// chunks is kept up to a limit; a longer one is reported as too long and
// skipped to its end, so memory stays bounded whatever the input.

#if canImport(Glibc)
  import Glibc
#endif

/// Splits bytes into `\n`-terminated lines, chunk by chunk.
///
/// ```swift
/// var splitter = LineSplitter()
/// splitter.feed(chunk) { line in … }   // each complete line in chunk
/// splitter.finish { line in … }        // the last line, if unterminated
/// ```
package struct LineSplitter: Sendable {
  /// One line.
  package enum Line {
    /// The line's bytes, without its `\n`; valid only during the call.
    case text(UnsafeRawBufferPointer)
    /// A line longer than the limit: its bytes were not kept.
    case tooLong
  }

  /// The longest line kept by default: 64 KiB (a decision is a few hundred
  /// bytes).
  package static let defaultLimit = 64 * 1024

  /// The longest line kept, in bytes without the `\n`.
  package let limit: Int
  /// The start of a line that began in an earlier chunk.
  private var pending: [UInt8] = []
  /// Whether the line under way is already longer than the limit.
  private var overlong = false

  /// A splitter that keeps lines of up to `limit` bytes.
  package init(limit: Int = Self.defaultLimit) {
    self.limit = limit
  }

  /// Calls `body` with each line that ends in `chunk`; keeps the rest for
  /// the next chunk.
  package mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (Line) -> Void) {
    guard let base = chunk.baseAddress else { return }
    var start = 0
    while start < chunk.count {
      guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), chunk.count - start) else {
        keep(UnsafeRawBufferPointer(rebasing: chunk[start...]))
        return
      }
      let end = base.distance(to: UnsafeRawPointer(found))
      let piece = UnsafeRawBufferPointer(rebasing: chunk[start..<end])
      if overlong || pending.count + piece.count > limit {
        body(.tooLong)
      } else if pending.isEmpty {
        body(.text(piece))
      } else {
        pending.append(contentsOf: piece)
        pending.withUnsafeBytes { body(.text($0)) }
      }
      pending.removeAll(keepingCapacity: true)
      overlong = false
      start = end + 1
    }
  }

  /// Calls `body` with the last line, when the input did not end with a
  /// `\n`, and starts over.
  package mutating func finish(_ body: (Line) -> Void) {
    if overlong {
      body(.tooLong)
    } else if !pending.isEmpty {
      pending.withUnsafeBytes { body(.text($0)) }
    }
    pending.removeAll(keepingCapacity: true)
    overlong = false
  }

  /// Keeps `bytes`, the start of a line, unless the line is too long.
  private mutating func keep(_ bytes: UnsafeRawBufferPointer) {
    guard !overlong else { return }
    if pending.count + bytes.count > limit {
      overlong = true
      pending.removeAll(keepingCapacity: true)
    } else {
      pending.append(contentsOf: bytes)
    }
  }
}
