/// Finds the line of a group or a key in the text of a key file: GKeyFile
/// reports values, not where they are, and a message about a bad value
/// names its line.
///
/// Reads lines as GKeyFile does: leading blanks skipped, `#` starts a
/// comment line, `[name]` alone on its line opens a group,
/// `key=value` is a key (blanks around the key ignored). A group or key that
/// appears twice is found where GKeyFile takes it from: the last time.
package struct KeyFileText: Sendable {
  private let lines: [Substring]

  /// The text of the file.
  package init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The 1-based line of the last `[group]` header, or `nil`.
  package func line(ofGroup group: String) -> Int? {
    var found: Int?
    for (index, line) in lines.enumerated() where Self.groupName(line) == group { found = index + 1 }
    return found
  }

  /// The 1-based line of the last `key=` in the group `group`, or `nil`.
  package func line(ofKey key: String, inGroup group: String) -> Int? {
    var current: String?
    var found: Int?
    for (index, line) in lines.enumerated() {
      if let name = Self.groupName(line) {
        current = name
      } else if current == group, Self.keyName(line) == key {
        found = index + 1
      }
    }
    return found
  }

  /// The 1-based line that reads `content` (blanks around it ignored), or
  /// `nil`: where GLib's parse errors, which quote the line, point.
  package func line(reading content: String) -> Int? {
    let wanted = content.trimmingKeyFileSpace()
    return lines.firstIndex { String($0).trimmingKeyFileSpace() == wanted }.map { $0 + 1 }
  }

  private static func groupName(_ line: Substring) -> String? {
    let text = String(line).trimmingKeyFileSpace()
    guard text.first == "[", text.last == "]", text.count >= 2 else { return nil }
    return String(text.dropFirst().dropLast())
  }

  private static func keyName(_ line: Substring) -> String? {
    let text = line.drop { $0 == " " || $0 == "\t" }
    guard text.first != "#", let equals = text.firstIndex(of: "=") else { return nil }
    return String(text[..<equals]).trimmingKeyFileSpace()
  }
}
