/// Finds the line of a group or a key in the text of a key file: GKeyFile
/// reports values, not where they are, and a message about a bad value names
/// its line. Lines are read as GKeyFile reads them (blanks skipped, `#` a
/// comment, `[name]` a group, `key=value` a key); a group or key that appears
/// twice is found where GKeyFile takes it from, the last time. The text is
/// indexed in one pass.
package struct KeyFileText: Sendable {
  private struct KeyInGroup: Hashable {
    var group: String
    var key: String
  }

  private let bytes: [UInt8]
  private let groupLines: [String: Int]
  private let keyLines: [KeyInGroup: Int]

  /// The text of the file.
  package init(_ text: String) {
    self.init(bytes: Array(text.utf8))
  }

  /// The bytes of the file (not necessarily UTF-8: names are read as GKeyFile's).
  package init(bytes: [UInt8]) {
    self.bytes = bytes
    var groupLines: [String: Int] = [:]
    var keyLines: [KeyInGroup: Int] = [:]
    bytes.withUnsafeBufferPointer { text in
      // Room for a group or key on every other line: no rehashing as they come.
      var lineCount = 1
      for byte in text where byte == UInt8(ascii: "\n") { lineCount += 1 }
      groupLines.reserveCapacity(lineCount / 2)
      keyLines.reserveCapacity(lineCount / 2)
      var group: String?
      Self.forEachLine(of: text) { number, line in
        if line.count >= 2, text[line.lowerBound] == UInt8(ascii: "["), text[line.upperBound - 1] == UInt8(ascii: "]") {
          let name = Self.string(text, (line.lowerBound + 1)..<(line.upperBound - 1))
          group = name
          groupLines[name] = number
        } else if let group, !line.isEmpty, text[line.lowerBound] != UInt8(ascii: "#") {
          var equals = line.lowerBound
          while equals < line.upperBound, text[equals] != UInt8(ascii: "=") { equals += 1 }
          if equals < line.upperBound {
            keyLines[KeyInGroup(group: group, key: Self.string(text, Self.trimmed(text, line.lowerBound..<equals)))] =
              number
          }
        }
        return true
      }
    }
    self.groupLines = groupLines
    self.keyLines = keyLines
  }

  /// The 1-based line of the last `[group]` header, or `nil`.
  package func line(ofGroup group: String) -> Int? {
    groupLines[group]
  }

  /// The 1-based line of the last `key=` in the group `group`, or `nil`.
  package func line(ofKey key: String, inGroup group: String) -> Int? {
    keyLines[KeyInGroup(group: group, key: key)]
  }

  /// The 1-based line that reads `content` (blanks around it ignored), or
  /// `nil`: where GLib's parse errors, which quote the line, point.
  package func line(reading content: String) -> Int? {
    let wanted = Array(content.trimmingKeyFileSpace().utf8)
    return bytes.withUnsafeBufferPointer { text in
      var found: Int?
      Self.forEachLine(of: text) { number, line in
        if text[line].elementsEqual(wanted) { found = number }
        return found == nil
      }
      return found
    }
  }

  /// Calls `body` with the 1-based number and the blank-trimmed range of
  /// each line of `text`, in order, until it returns `false`.
  private static func forEachLine(
    of text: UnsafeBufferPointer<UInt8>, _ body: (_ number: Int, _ line: Range<Int>) -> Bool
  ) {
    var number = 0
    var start = 0
    while start <= text.count {
      var end = start
      while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
      number += 1
      guard body(number, trimmed(text, start..<end)) else { return }
      start = end + 1
    }
  }

  /// The text of `range`, as GKeyFile's names are (UTF-8).
  private static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
  }

  /// `range` without leading and trailing blanks (those of `trimmingKeyFileSpace()`).
  private static func trimmed(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    var first = range.lowerBound
    var last = range.upperBound
    while first < last, text[first].isKeyFileSpace { first += 1 }
    while last > first, text[last - 1].isKeyFileSpace { last -= 1 }
    return first..<last
  }
}
