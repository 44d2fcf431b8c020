// Every ClickOutcome, one per reason, for the tests that check each one
// against the log's words.

import ClickGuard

extension ClickOutcome {
  /// Every outcome with each of its reasons: the dispatcher's and the fence's.
  package static let everyOutcome: [ClickOutcome] =
    [.accepted] + DropReason.allCases.flatMap { [ClickOutcome.dropped($0), .wouldDrop($0)] }
    + PassReason.allCases.map { ClickOutcome.passed($0) }
    + SpillOverFence.Reason.allCases.flatMap { [ClickOutcome.fenced($0), .wouldFence($0)] }
}
