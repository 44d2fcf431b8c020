import ClickGuardBenchSupport

/// What one run of one core variant did.
struct CoreRun {
  /// Wall time of the whole run.
  var nanoseconds: Int64
  /// How many activations were accepted.
  var accepted: Int
  /// How many activations were judged.
  var decisions: Int

  /// The cost of one decision.
  var nsPerDecision: Double { Double(nanoseconds) / Double(decisions) }

  /// The share of activations accepted, as printed.
  var acceptedShare: String { "\(fmt(100 * Double(accepted) / Double(decisions)))% accepted" }
}
