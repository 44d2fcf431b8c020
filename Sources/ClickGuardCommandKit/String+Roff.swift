// String+Roff: text made safe for roff, so a manual page renders what the
// tables say and groff has nothing to warn about.

extension String {
  /// The text as roff input: backslashes as `\e`, every `-` as `\-` (so
  /// options copy as typed), other characters than ASCII as `\[uXXXX]`, and
  /// `\&` before a leading `.` or `'`, which roff would read as a request.
  package var roffEscaped: String {
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case "\n": result += "\n"
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return result.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
      .joined(separator: "\n")
  }

  /// A usage line's parameters (`[OPTION…] [--] APP [ARG…]`) in roff, with
  /// the placeholders (words in capitals) in italics.
  var roffPlaceholders: String {
    var result = ""
    var word = ""
    func flush() {
      guard !word.isEmpty else { return }
      result += word.allSatisfy(\.isUppercase) ? "\\fI\(word.roffEscaped)\\fR" : word.roffEscaped
      word = ""
    }
    for character in self {
      if character.isLetter {
        word.append(character)
      } else {
        flush()
        result += String(character).roffEscaped
      }
    }
    flush()
    return result
  }
}
