// jsonStringLiteral: the one JSON string escaper of the package, shared by the
// GTK module's decision log and the demo's event log.

/// A JSON string literal for `value`, quotes included, or `null` for `nil`.
///
/// Escapes the quote and the backslash, writes line feed, carriage return and
/// tab as `\n`, `\r` and `\t`, and every other control character (U+0000 to
/// U+001F), DEL (U+007F) and the line and paragraph separators (U+2028,
/// U+2029) as `\u` escapes. The result is one line that any JSON reader
/// parses back to `value`, and that readers splitting on Unicode line breaks
/// or choking on raw control characters still see as a single line.
///
/// `package` access: the demo in this package writes its log with it; it is
/// not part of ClickGuardGtk's public API.
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
