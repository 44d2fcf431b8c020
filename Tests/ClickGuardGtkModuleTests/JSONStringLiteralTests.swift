// jsonStringLiteral: the package's one JSON string escaper (the module's
// decision log and the demo's log both write with it), checked against
// Foundation's JSON readers.

import Foundation
import XCTest

@testable import ClickGuardGtk

final class JSONStringLiteralTests: XCTestCase {
  func testEscapesQuoteBackslashControlsDELAndTheUnicodeLineBreaks() {
    XCTAssertEqual(jsonStringLiteral(nil), "null")
    XCTAssertEqual(jsonStringLiteral(""), #""""#)
    XCTAssertEqual(jsonStringLiteral("a\"b\\c"), #""a\"b\\c""#)
    XCTAssertEqual(jsonStringLiteral("\n\r\t"), #""\n\r\t""#)
    XCTAssertEqual(jsonStringLiteral("\u{0}\u{1}\u{8}\u{C}\u{1F}"), #""\u0000\u0001\u0008\u000c\u001f""#)
    XCTAssertEqual(jsonStringLiteral("\u{7F}"), #""\u007f""#)
    XCTAssertEqual(jsonStringLiteral("\u{2028}\u{2029}"), #""\u2028\u2029""#)
    XCTAssertEqual(jsonStringLiteral("é ü 🙂 /"), "\"é ü 🙂 /\"", "other text is written as it is")
  }

  func testEveryEscapedStringParsesBackWithFoundation() throws {
    var samples = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
    samples += ["\u{2028}", "\u{2029}", "\u{85}", "é", "🙂", "Say \"hi\"\n\\ \u{1}\u{2028}\u{7F} é", ""]
    for sample in samples {
      let literal = jsonStringLiteral(sample)
      XCTAssertFalse(literal.contains("\n") || literal.contains("\u{2028}") || literal.contains("\u{7F}"), literal)
      let decoded = try JSONDecoder().decode([String].self, from: Data("[\(literal)]".utf8))
      XCTAssertEqual(decoded, [sample], literal)
      let object = try JSONSerialization.jsonObject(with: Data("{\"v\":\(literal)}".utf8)) as? [String: Any]
      XCTAssertEqual(object?["v"] as? String, sample, literal)
    }
    let null = try JSONSerialization.jsonObject(with: Data("[\(jsonStringLiteral(nil))]".utf8)) as? [Any]
    XCTAssertTrue(null?.first is NSNull)
  }
}
