// String+Padding: plain-text layout helpers for the command's output (padding
// to a column, right-aligned numbers).

extension String {
  /// The string padded with spaces on the right to `width` characters
  /// (unchanged when already as wide).
  func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string padded with spaces on the left to `width` characters.
  func padded(left width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
