// The Markdown table renderer the showcase and the scenario tables share.

import XCTest

@testable import ClickGuardShowcase

final class MarkdownTableTests: XCTestCase {
  func testColumnsAreAlignedUnderAHeaderRule() {
    let table = markdownTable([["scenario", "n"], ["burst", "1"], ["async load", "12"]])
    XCTAssertEqual(
      table,
      """
      | scenario   | n  |
      |------------|----|
      | burst      | 1  |
      | async load | 12 |
      """)
  }

  func testNoRowsGiveNoTable() {
    XCTAssertEqual(markdownTable([]), "")
  }
}
