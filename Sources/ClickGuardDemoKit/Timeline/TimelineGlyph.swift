// TimelineGlyph: the shape of a mark, so accepted and dropped activations
// differ by shape as well as by colour.

/// The shape drawn at an activation's processing time.
package enum TimelineGlyph: String, CaseIterable, Sendable {
  /// A filled circle: accepted.
  case dot
  /// A diagonal cross (×): dropped as busy.
  case cross
  /// An upright cross (+): dropped within the interval.
  case plus
  /// Both crosses (✳): dropped by event time.
  case asterisk
  /// A hollow circle: would drop (observe mode).
  case ring
  /// A filled square: passed unjudged.
  case square
  /// A cross in a square (⊠): consumed by the fence.
  case boxedCross

  /// Where, relative to the glyph's centre, a glyph drawn with `radius`
  /// surely has its own colour: the centre, except for the hollow ring,
  /// whose stroke is read on its right-hand side.
  func probeOffset(radius: Double) -> (dx: Double, dy: Double) {
    self == .ring ? (radius - 1, 0) : (0, 0)
  }
}
