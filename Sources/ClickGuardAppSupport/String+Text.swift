// String+Text: plain-text helpers for the command: padding to a column,
// right-aligned numbers, trimming.

extension String {
  /// The string padded with spaces on the right to `width` characters
  /// (unchanged when already as wide).
  package func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string padded with spaces on the left to `width` characters.
  package func padded(left width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// The string without leading and trailing spaces and tabs.
  package var trimmed: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
