// ByteString: an argument, an environment value or a path as the system
// gave it: bytes, not necessarily UTF-8. The command passes these on
// (execvp, setenv, open) exactly as given; only messages decode them, with
// the bytes that are not UTF-8 shown as \xFF escapes.

import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes from `argv`, the environment or the file system, kept as they are.
///
/// Swift's `String(cString:)` and `CommandLine.arguments` repair bytes that
/// are not UTF-8 into U+FFFD, which turns a path or an argument into
/// another one. A `ByteString` never converts: ``withCString(_:)`` hands
/// back the very bytes, ``displayName`` is for messages only.
///
/// ```swift
/// let argument = ByteString(cString: CommandLine.unsafeArgv[1]!)
/// argument.displayName      // "caf\xFF" for the bytes 63 61 66 ff
/// argument.withCString { setenv("NAME", $0, 1) }
/// ```
package struct ByteString: Hashable, Sendable, Comparable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// The bytes, without a terminating NUL.
  package var bytes: [UInt8]

  /// The bytes given.
  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The UTF-8 bytes of `string`.
  package init(_ string: String) {
    bytes = Array(string.utf8)
  }

  /// The bytes of a NUL-terminated C string, byte for byte.
  package init(cString: UnsafePointer<CChar>) {
    bytes = Array(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
  }

  package init(stringLiteral value: String) {
    self.init(value)
  }

  package init(stringInterpolation: DefaultStringInterpolation) {
    self.init(String(stringInterpolation: stringInterpolation))
  }

  /// Whether there are no bytes.
  package var isEmpty: Bool { bytes.isEmpty }

  /// The text, when the bytes are valid UTF-8; `nil` otherwise.
  package var string: String? { String(validating: bytes, as: UTF8.self) }

  /// The text for a message: valid UTF-8 as it is, every other byte as
  /// `\xFF`, so a person sees which byte it was (``FileName/displayName``).
  package var displayName: String { FileName(bytes: bytes).displayName }

  package var description: String { displayName }

  /// Calls `body` with the bytes as a NUL-terminated C string.
  package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }

  /// A `malloc`ed NUL-terminated copy (for an `argv` array), which the
  /// caller frees.
  package func duplicatedCString() -> UnsafeMutablePointer<CChar>? {
    withCString { strdup($0) }
  }

  /// Whether the bytes start with `prefix`'s.
  package func hasPrefix(_ prefix: ByteString) -> Bool {
    bytes.starts(with: prefix.bytes)
  }

  /// The parts between the bytes `separator` (empty parts kept).
  package func split(separator: UInt8) -> [ByteString] {
    bytes.split(separator: separator, omittingEmptySubsequences: false).map { ByteString(bytes: Array($0)) }
  }

  /// The bytes before the last `/`, or `nil` when there is none (`/x` →
  /// empty).
  package var directoryPart: ByteString? {
    bytes.lastIndex(of: UInt8(ascii: "/")).map { ByteString(bytes: Array(bytes[..<$0])) }
  }

  /// The bytes after the last `/` (all of them when there is none).
  package var lastComponent: ByteString {
    bytes.lastIndex(of: UInt8(ascii: "/")).map { ByteString(bytes: Array(bytes[($0 + 1)...])) } ?? self
  }

  /// The bytes of both, one after the other.
  package static func + (lhs: ByteString, rhs: ByteString) -> ByteString {
    ByteString(bytes: lhs.bytes + rhs.bytes)
  }

  package static func < (lhs: ByteString, rhs: ByteString) -> Bool {
    lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
  }
}
