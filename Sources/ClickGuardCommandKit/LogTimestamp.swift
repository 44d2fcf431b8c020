// LogTimestamp: the decision log's wall-clock time (ISO 8601 in UTC with
// milliseconds) as milliseconds since 1970, to measure gaps between lines.

/// Reads the `time` field of a decision log line.
package enum LogTimestamp {
  /// `text` (`2025-11-29T15:02:41.318Z`) in milliseconds since 1970, or
  /// `nil` when it is not in that form.
  package static func milliseconds(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    // yyyy-MM-ddTHH:mm:ss[.fff…]Z
    guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[4] == UInt8(ascii: "-"),
      bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var millisecond: Int64 = 0
    if bytes[19] == UInt8(ascii: ".") {
      let digits = bytes[20..<(bytes.count - 1)]
      guard !digits.isEmpty, number(20..<(bytes.count - 1)) != nil,
        let fraction = number(20..<(20 + min(3, digits.count)))
      else { return nil }
      millisecond = fraction * [100, 10, 1][min(3, digits.count) - 1]
    } else if bytes.count != 20 {
      return nil
    }
    let days = daysSince1970(year: year, month: month, day: day)
    return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
  }

  /// Days from 1970-01-01 to the civil date (proleptic Gregorian).
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
