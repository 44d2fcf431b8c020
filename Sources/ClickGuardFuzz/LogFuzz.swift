import ClickGuardCommandKit

/// The decision-log reader (`LogReport`, which `clickguard report` and the
/// settings window's list of apps both use) on any bytes.
///
/// Invariants: reading the log whole, or as a stream cut into chunks at
/// any points, gives the same report; every line is either a decision or
/// counted as bad, never both and never more than there are lines.
enum LogFuzz {
  static func run(_ input: UnsafeRawBufferPointer) {
    var whole = LogReport()
    whole.start(source: "log")
    whole.feed(input)
    whole.finishSource()

    // The first bytes say where to cut the stream (a seed of cut points).
    var streamed = LogReport()
    streamed.start(source: "log")
    var seed = input.prefix(8).reduce(UInt64(0x9E37_79B9_7F4A_7C15)) { $0 &* 31 &+ UInt64($1) }
    var offset = 0
    while offset < input.count {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = min(input.count - offset, Int(seed >> 33) % 97 + 1)
      streamed.feed(UnsafeRawBufferPointer(rebasing: input[offset..<(offset + length)]))
      offset += length
    }
    streamed.finishSource()

    guard whole.widgets == streamed.widgets, whole.badLines == streamed.badLines,
      whole.badLineCount == streamed.badLineCount, whole.decisionCount == streamed.decisionCount
    else {
      fatalError(
        "log: the report depends on how the stream was cut: \(whole.decisionCount) vs \(streamed.decisionCount) decisions, "
          + "\(whole.badLines) vs \(streamed.badLines) bad lines, widgets equal: \(whole.widgets == streamed.widgets)")
    }
    let lines = input.count { $0 == UInt8(ascii: "\n") } + 1
    guard whole.decisionCount + whole.badLineCount <= lines else {
      fatalError("log: \(whole.decisionCount) decisions and \(whole.badLineCount) bad lines in \(lines) lines")
    }
    guard whole.badLines.count <= LogReport.keptBadLines, whole.badLines.allSatisfy({ (1...lines).contains($0.line) })
    else { fatalError("log: a bad line is listed that is not in the log: \(whole.badLines)") }
  }
}
