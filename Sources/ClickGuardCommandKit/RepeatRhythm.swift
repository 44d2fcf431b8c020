// RepeatRhythm: how a widget's quick repeats were spaced: the gaps before
// each one, their median and their spread. Deliberate repeats (typing digits
// on a calculator) come evenly and not burst-fast; bounces and tremor come
// fast and uneven.

/// The spacing of a widget's quick repeats.
public struct RepeatRhythm: Equatable, Sendable {
  /// The gap (ms) before each quick repeat, from the activation before it.
  public let gaps: [Int]

  /// The gaps of `tally`'s quick repeats, process by process.
  public init(_ tally: WidgetTally) {
    var gaps: [Int] = []
    for activations in tally.activations.values {
      for (previous, current) in zip(activations, activations.dropFirst()) where current.isQuickRepeat {
        if let gap = current.milliseconds(since: previous) { gaps.append(gap) }
      }
    }
    self.init(gaps: gaps)
  }

  /// A rhythm of these gaps.
  public init(gaps: [Int]) {
    self.gaps = gaps.sorted()
  }

  /// The median gap (ms), 0 when there is none.
  public var median: Int {
    guard !gaps.isEmpty else { return 0 }
    let middle = gaps.count / 2
    return gaps.count % 2 == 1 ? gaps[middle] : (gaps[middle - 1] + gaps[middle]) / 2
  }

  /// The shortest gap (ms), 0 when there is none.
  public var shortest: Int { gaps.first ?? 0 }

  /// The spread: the standard deviation over the mean (0 = perfectly
  /// even); 0 when there are fewer than two gaps.
  public var spread: Double {
    guard gaps.count >= 2 else { return 0 }
    let mean = Double(gaps.reduce(0, +)) / Double(gaps.count)
    guard mean > 0 else { return 0 }
    let variance = gaps.map { (Double($0) - mean) * (Double($0) - mean) }.reduce(0, +) / Double(gaps.count)
    return variance.squareRoot() / mean
  }
}
