/// The decision log could not be opened.
public struct DecisionLogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path given, as it can be shown.
  public let path: String
  /// The system's reason (`strerror`).
  public let reason: String

  /// For example `cannot open /x/clicks.jsonl for appending: No such file or
  /// directory`.
  public var description: String {
    "cannot open \(path) for appending: \(reason)"
  }
}
