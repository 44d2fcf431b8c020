// Tally: a count shared with a signal handler.

/// Counts signal emissions (see ``GtkHarness/count(_:on:into:)``).
@MainActor
package final class Tally {
  /// Emissions seen; a test may reset it.
  package var count = 0

  /// A tally at zero.
  package init() {}
}
