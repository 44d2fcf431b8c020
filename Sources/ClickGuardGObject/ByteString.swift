import CGLib

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes from `argv`, the environment or the file system, kept as they are.
///
/// `String(cString:)` repairs invalid UTF-8 into U+FFFD, turning a path
/// into another one; a `ByteString` never converts: ``withCString(_:)`` hands
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

  /// The bytes given, as they are.
  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The bytes of `string`, in UTF-8.
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

  /// The bytes as shown to a person: valid UTF-8 as it is, other bytes as `\xFF`.
  package var displayName: String {
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<(offset + length)] {
          text += (byte < 0x10 ? "\\x0" : "\\x") + String(byte, radix: 16, uppercase: true)
        }
        offset += length
      case .emptyInput:
        return text
      }
    }
  }

  package var description: String { displayName }

  /// Calls `body` with the bytes as a NUL-terminated C string.
  package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }

  /// A `malloc`ed NUL-terminated copy (for an `argv` array) the caller frees.
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

  /// The bytes before the last `/`, or `nil` when there is none (`/x` → empty).
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

extension ByteString {
  /// The running executable's real path (`/proc/self/exe`), if readable.
  package static func currentExecutable() -> String? {
    guard let link = g_file_read_link("/proc/self/exe", nil) else { return nil }
    defer { g_free(link) }
    return String(cString: link)
  }
}
