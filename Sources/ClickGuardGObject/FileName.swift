import CGLib

/// A file name as the system knows it: bytes, in GLib's filename encoding,
/// which need not be UTF-8. Paths from the command line or the environment
/// pass through as they were given, never through a lossy conversion.
package struct FileName: Hashable, Sendable {
  /// The name's bytes, without a terminating NUL.
  package let bytes: [UInt8]

  /// The name `string` (UTF-8).
  package init(_ string: String) {
    bytes = Array(string.utf8)
  }

  /// The name of these bytes (no NUL among them).
  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The name in a C string, byte for byte.
  package init(cString: UnsafePointer<CChar>) {
    bytes = Array(UnsafeBufferPointer(start: cString, count: strlen(cString)).map { UInt8(bitPattern: $0) })
  }

  /// Calls `body` with the name as a NUL-terminated C string.
  package func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
    (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  /// The name as it can be shown to a person: valid UTF-8 as it is, every
  /// other byte as `\xFF`, so the message says which byte it was, and
  /// nothing is dropped.
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
}

extension FileName {
  /// The running executable's real path (`/proc/self/exe`, read with
  /// `g_file_read_link`), or `nil` when it cannot be read: the command
  /// finds the module beside it, the demo its resources.
  package static func currentExecutable() -> String? {
    guard let link = g_file_read_link("/proc/self/exe", nil) else { return nil }
    defer { g_free(link) }
    return String(cString: link)
  }
}
