// LogStreamTests: `clickguard report` reads a log as a stream: lines cut
// across any chunk boundary read the same as the whole text, a line over
// the limit is one bad line and the next one still counts, a last line
// without a newline counts, and what the report keeps stays bounded (bad
// lines listed per source, repeat gaps counted per gap) however many lines.

import ClickGuardCommandKit
import Foundation
import Testing

@Suite struct LogStreamTests {
  private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/sample.log")

  /// The lines `splitter` cuts `bytes` into, fed `size` bytes at a time
  /// (`nil`: a line over the limit).
  private func lines(_ bytes: [UInt8], chunk size: Int, limit: Int = LineSplitter.defaultLimit) -> [[UInt8]?] {
    var splitter = LineSplitter(limit: limit)
    var lines: [[UInt8]?] = []
    func take(_ line: LineSplitter.Line) {
      if case .text(let text) = line { lines.append(Array(text)) } else { lines.append(nil) }
    }
    bytes.withUnsafeBytes { all in
      var start = 0
      while start < all.count {
        let end = min(all.count, start + size)
        splitter.feed(UnsafeRawBufferPointer(rebasing: all[start..<end])) { take($0) }
        start = end
      }
    }
    splitter.finish { take($0) }
    return lines
  }

  @Test(arguments: [1, 2, 3, 7, 64, 4096])
  func linesCutAcrossChunksReadAsTheyAre(chunk: Int) {
    let text = Array("one\n\ntwo three\nfour".utf8)
    #expect(lines(text, chunk: chunk) == [Array("one".utf8), [], Array("two three".utf8), Array("four".utf8)])
  }

  @Test(arguments: [1, 5, 4096])
  func aLineOverTheLimitIsOneBadLineAndTheNextStillCounts(chunk: Int) {
    let text = Array("short\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 40) + Array("\nnext\n".utf8)
    #expect(lines(text, chunk: chunk, limit: 16) == [Array("short".utf8), nil, Array("next".utf8)])
    // At the limit exactly, a line is kept; an unterminated long last line
    // is bad too.
    let exact = Array(repeating: UInt8(ascii: "y"), count: 16)
    #expect(lines(exact + [0x0A] + exact + exact, chunk: chunk, limit: 16) == [exact, nil])
  }

  @Test func theSampleReadInChunksMatchesTheWholeText() throws {
    let data = try Data(contentsOf: Self.fixture)
    var whole = LogReport()
    whole.read(text: String(decoding: data, as: UTF8.self), source: "sample.log")
    for size in [1, 13, 100, 65536] {
      var streamed = LogReport()
      streamed.start(source: "sample.log")
      data.withUnsafeBytes { all in
        var start = 0
        while start < all.count {
          let end = min(all.count, start + size)
          streamed.feed(UnsafeRawBufferPointer(rebasing: all[start..<end]))
          start = end
        }
      }
      streamed.finishSource()
      #expect(streamed.decisionCount == whole.decisionCount)
      #expect(streamed.badLines == whole.badLines)
      #expect(streamed.tallies == whole.tallies)
      #expect(RuleSuggester().rules(for: streamed) == RuleSuggester().rules(for: whole))
    }
  }

  @Test func aLongLogKeepsCountsNotLines() throws {
    let sample = try String(contentsOf: Self.fixture, encoding: .utf8)
    var report = LogReport()
    report.start(source: "long.log")
    var block = String(repeating: sample, count: 50)
    for _ in 0..<20 { block.withUTF8 { report.feed(UnsafeRawBufferPointer($0)) } }
    report.finishSource()
    #expect(report.decisionCount == 31 * 1000)
    #expect(report.badLineCount == 3 * 1000)
    #expect(report.badLines.count == LogReport.keptBadLines)
    let seven = try #require(report.tallies.first { $0.widget.label == "7" })
    // Seven gaps per copy, counted by gap: a handful of distinct gaps.
    #expect(seven.rhythm.count == 7 * 1000)
    #expect(seven.rhythm.counts.count <= 7)
    #expect(RuleSuggester().rules(for: report).map(\.group) == ["calc: label=7"])
    let text = ReportText().render(report, rules: [], policy: SuggestionPolicy()).split(separator: "\n")
    #expect(text[1].hasPrefix("3000 lines are not ClickGuard decisions, skipped: long.log lines 4, 12, 35,"))
    #expect(text[1].hasSuffix(" and 2980 more"))
  }

  @Test func aWindowsLineEndAndABlankLineOfSpacesRead() {
    var report = LogReport()
    report.read(
      text: "{\"outcome\":\"accepted\",\"program\":\"p\",\"label\":\"a\"}\r\n   \t\r\n\u{00A0}\n",
      source: "crlf.log")
    #expect(report.decisionCount == 1)
    #expect(report.badLineCount == 0)
  }

  @Test func theRhythmsMedianShortestAndSpreadComeFromTheCounts() {
    let rhythm = RepeatRhythm(gaps: [300, 200, 200, 400])
    #expect(rhythm.count == 4)
    #expect(rhythm.median == 250)
    #expect(rhythm.shortest == 200)
    // Mean 275; squared deviations 5625, 5625, 625, 15625.
    #expect(abs(rhythm.spread - (27500.0 / 4).squareRoot() / 275) < 1e-9)
    #expect(RepeatRhythm(gaps: [5, 900_000]).counts == [5: 1, RepeatRhythm.longestGap: 1])
  }
}
