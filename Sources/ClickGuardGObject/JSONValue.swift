/// A JSON value whose objects keep their keys in the order given: the
/// package's one JSON writer, without Foundation, so log lines read in a
/// stable order. `Decodable` too, so readers share the writer's type.
package enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  /// A number with a fraction, written with up to three decimals.
  case double(Double)
  case string(String)
  case array([JSONValue])
  /// An object with ordered keys.
  case object([(String, JSONValue)])

  /// The value as compact JSON on one line.
  package var encoded: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value):
      if value.isFinite {
        let milli = (value * 1000).rounded()
        let whole = Int64(milli / 1000)
        let fraction = abs(Int64(milli) - whole * 1000)
        let sign = milli < 0 && whole == 0 ? "-" : ""
        out += fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(Self.threeDigits(fraction))"
      } else {
        out += "null"
      }
    case .string(let value): out += jsonStringLiteral(value)
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.write(to: &out)
      }
      out += "]"
    case .object(let pairs):
      out += "{"
      for (index, (key, value)) in pairs.enumerated() {
        if index > 0 { out += "," }
        out += jsonStringLiteral(key)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  private static func threeDigits(_ value: Int64) -> String {
    var text = String(value)
    while text.count < 3 { text = "0" + text }
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
  package init(stringLiteral value: String) { self = .string(value) }
  package init(integerLiteral value: Int64) { self = .int(value) }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue {
  /// A string, or `null` for `nil`.
  package static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
  /// A number, or `null` for `nil`.
  package static func optional<I: BinaryInteger>(_ value: I?) -> JSONValue {
    value.map { .int(Int64($0)) } ?? .null
  }
  /// A whole number from any integer type.
  package static func number<I: BinaryInteger>(_ value: I) -> JSONValue { .int(Int64(value)) }
}

extension JSONValue: Decodable {
  /// Reads whichever kind of value is there; an object's keys come back
  /// sorted, as `JSONDecoder` does not keep their order.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      let fields = try container.decode([String: JSONValue].self)
      self = .object(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
  }
}

/// A JSON string literal for `value`, quotes included, or `null` for `nil`.
///
/// Control characters, DEL and U+2028/U+2029 are escaped, so the result is
/// one line even for readers splitting on Unicode line breaks.
package func jsonStringLiteral(_ value: String?) -> String {
  guard let value else { return "null" }
  var out = "\""
  for scalar in value.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
