// Reading JSON back: a small strict parser into JSONValue, and accessors,
// so the driver and tests read the demo's log without Foundation's
// NSNumber ambiguities.

/// A JSON text could not be parsed.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where (character offset).
  public let offset: Int
  /// What was expected.
  public let message: String

  public var description: String { "JSON error at \(offset): \(message)" }
}

extension JSONValue {
  /// Parses one JSON text.
  /// - Throws: ``JSONParseError``.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(Array(text.utf8))
    let value = try parser.value()
    parser.skipSpace()
    guard parser.atEnd else { throw parser.error("trailing characters") }
    return value
  }

  /// The value at `key` of an object, or `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.0 == key }?.1
  }

  /// The string, or `nil`.
  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number as an integer (a fraction is cut), or `nil`.
  public var int: Int? {
    switch self {
    case .int(let value): Int(value)
    case .double(let value): Int(value)
    default: nil
    }
  }

  /// The number, or `nil`.
  public var double: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }

  /// The boolean, or `nil`.
  public var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements of an array, or `nil`.
  public var array: [JSONValue]? {
    if case .array(let values) = self { return values }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool { self == .null }
}

private struct JSONParser {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index >= bytes.count }

  func error(_ message: String) -> JSONParseError { JSONParseError(offset: index, message: message) }

  mutating func skipSpace() {
    while !atEnd, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  mutating func value() throws(JSONParseError) -> JSONValue {
    skipSpace()
    guard !atEnd else { throw error("unexpected end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return try number()
    }
  }

  mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
      throw error("expected \(word)")
    }
    index += expected.count
    return value
  }

  mutating func number() throws(JSONParseError) -> JSONValue {
    let start = index
    var isInteger = true
    while !atEnd {
      let byte = bytes[index]
      if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") {
        index += 1
      } else if [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+")].contains(byte) {
        isInteger = false
        index += 1
      } else {
        break
      }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int64(text) { return .int(value) }
    guard let value = Double(text) else { throw JSONParseError(offset: start, message: "bad number '\(text)'") }
    return .double(value)
  }

  mutating func string() throws(JSONParseError) -> String {
    index += 1  // opening quote
    var out = ""
    var chunkStart = index
    while true {
      guard !atEnd else { throw error("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        out += String(decoding: bytes[chunkStart..<index], as: UTF8.self)
        index += 1
        return out
      }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      out += String(decoding: bytes[chunkStart..<index], as: UTF8.self)
      index += 1
      guard !atEnd else { throw error("unterminated escape") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "n"): out += "\n"
      case UInt8(ascii: "t"): out += "\t"
      case UInt8(ascii: "r"): out += "\r"
      case UInt8(ascii: "b"): out += "\u{8}"
      case UInt8(ascii: "f"): out += "\u{C}"
      case UInt8(ascii: "u"):
        guard index + 4 <= bytes.count,
          let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("bad \\u escape") }
        index += 4
        out.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
      default: out.unicodeScalars.append(Unicode.Scalar(escape))
      }
      chunkStart = index
    }
  }

  mutating func array() throws(JSONParseError) -> JSONValue {
    index += 1
    var values: [JSONValue] = []
    skipSpace()
    if !atEnd, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(values)
    }
    while true {
      values.append(try value())
      skipSpace()
      guard !atEnd else { throw error("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(values)
      } else {
        throw error("expected , or ]")
      }
    }
  }

  mutating func object() throws(JSONParseError) -> JSONValue {
    index += 1
    var pairs: [(String, JSONValue)] = []
    skipSpace()
    if !atEnd, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(pairs)
    }
    while true {
      skipSpace()
      guard !atEnd, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
      let key = try string()
      skipSpace()
      guard !atEnd, bytes[index] == UInt8(ascii: ":") else { throw error("expected :") }
      index += 1
      pairs.append((key, try value()))
      skipSpace()
      guard !atEnd else { throw error("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(pairs)
      } else {
        throw error("expected , or }")
      }
    }
  }
}
