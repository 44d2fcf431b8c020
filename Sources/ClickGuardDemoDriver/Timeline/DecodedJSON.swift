// DecodedJSON: any JSON value decoded with JSONDecoder, turned back into the
// demo's JSONValue (a `setting` line's value can be any of them).

import ClickGuardDemoKit

/// A JSON value of any kind, as JSONDecoder reads it.
public indirect enum DecodedJSON: Decodable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case int(Int64)
  /// Any other number.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([DecodedJSON])
  /// An object (its keys sorted: JSONDecoder does not keep their order).
  case object([(String, DecodedJSON)])

  /// Decodes whichever kind of value is there.
  public init(from decoder: any Decoder) throws {
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
    } else if let value = try? container.decode([DecodedJSON].self) {
      self = .array(value)
    } else {
      let fields = try container.decode([String: DecodedJSON].self)
      self = .object(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
  }

  /// The same value as the demo writes it.
  public var jsonValue: JSONValue {
    switch self {
    case .null: .null
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .double(let value): .double(value)
    case .string(let value): .string(value)
    case .array(let values): .array(values.map(\.jsonValue))
    case .object(let fields): .object(fields.map { ($0.0, $0.1.jsonValue) })
    }
  }
}
