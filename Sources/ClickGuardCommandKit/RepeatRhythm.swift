// RepeatRhythm: how a widget's quick repeats were spaced: the gaps before
// each one, their median and their spread. Deliberate repeats (typing digits
// on a calculator) come evenly and not burst-fast; bounces and tremor come
// fast and uneven. Kept as a count per gap (ms), so it grows with the
// distinct gaps, never with the length of the log.

/// The spacing of a widget's quick repeats.
package struct RepeatRhythm: Equatable, Sendable {
  /// The longest gap kept as it is (ms): a quick repeat comes within the
  /// interval, at most 60 s; a longer gap (lines missing from a log) counts
  /// as this long, so the counts stay bounded.
  package static let longestGap = 60_000

  /// How many repeats had each gap (ms).
  package private(set) var counts: [Int: Int] = [:]
  /// The repeats counted.
  package private(set) var count = 0

  /// No repeats yet.
  package init() {}

  /// A rhythm of these gaps (ms).
  package init(gaps: [Int]) {
    for gap in gaps { add(gap: gap) }
  }

  /// Counts one quick repeat that came `gap` ms after the activation
  /// before it.
  package mutating func add(gap: Int) {
    counts[min(max(gap, 0), Self.longestGap), default: 0] += 1
    count += 1
  }

  /// The gaps, shortest first, each with its count.
  private var sorted: [(gap: Int, count: Int)] {
    counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// The gap of the repeat at `position` (from 0) when sorted by gap.
  private func gap(at position: Int, in sorted: [(gap: Int, count: Int)]) -> Int {
    var seen = 0
    for entry in sorted {
      seen += entry.count
      if position < seen { return entry.gap }
    }
    return sorted.last?.gap ?? 0
  }

  /// The median gap (ms), 0 when there is none.
  package var median: Int {
    guard count > 0 else { return 0 }
    let sorted = sorted
    let middle = count / 2
    return count % 2 == 1
      ? gap(at: middle, in: sorted) : (gap(at: middle - 1, in: sorted) + gap(at: middle, in: sorted)) / 2
  }

  /// How many gaps were shorter than `limit` (ms).
  package func count(below limit: Int) -> Int {
    counts.reduce(0) { $0 + ($1.key < limit ? $1.value : 0) }
  }

  /// The shortest gap (ms), 0 when there is none.
  package var shortest: Int { counts.keys.min() ?? 0 }

  /// The spread: the standard deviation over the mean (0 = perfectly
  /// even); 0 when there are fewer than two gaps.
  package var spread: Double {
    guard count >= 2 else { return 0 }
    let total = Double(count)
    let mean = counts.reduce(0.0) { $0 + Double($1.key) * Double($1.value) } / total
    guard mean > 0 else { return 0 }
    let variance =
      counts.reduce(0.0) { $0 + (Double($1.key) - mean) * (Double($1.key) - mean) * Double($1.value) } / total
    return variance.squareRoot() / mean
  }
}
