// TimelineFlag: a navigation (or a refused one) on the navigation lane.

/// A page navigation, flagged on the navigation lane with a line across the
/// others: where the next page appeared.
package struct TimelineFlag: Sendable {
  /// When it happened (`CLOCK_MONOTONIC` ms).
  let atMs: Double
  /// The flag's text: the page pushed, `‹ home` for a pop, `refused` for a
  /// refused move.
  let label: String
  /// Whether the navigator refused the move (a hollow flag, no line).
  package let refused: Bool
  /// The log pane's line for it (shown on hover).
  package let detail: String

  /// A flag.
  package init(atMs: Double, label: String, refused: Bool, detail: String) {
    self.atMs = atMs
    self.label = label
    self.refused = refused
    self.detail = detail
  }
}
