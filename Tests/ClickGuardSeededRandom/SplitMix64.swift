// SplitMix64: the seeded generator the randomized tests and the benchmarks
// share, in a target of its own so the bench uses it without linking the
// test harness, and nothing shipped links it.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and fully determined by
/// its seed, so every run plays the same sequences.
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator starting from `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// `true` with probability `p`.
  package mutating func chance(_ p: Double) -> Bool {
    Double(next() >> 11) / Double(UInt64(1) << 53) < p
  }

  /// A number in `range`.
  package mutating func int(_ range: ClosedRange<Int64>) -> Int64 {
    Int64.random(in: range, using: &self)
  }

  /// One of `items`.
  package mutating func pick<T>(_ items: [T]) -> T {
    items[Int.random(in: 0..<items.count, using: &self)]
  }
}
