// BurstOutcome: what a burst of clicks on one control led to, counted from
// the demo's log lines.

import ClickGuard
import ClickGuardDemoKit

/// What a burst of clicks on one control led to, from the log.
package struct BurstOutcome: Hashable, Sendable {
  /// The guard's decisions on the control.
  package var decisions = DecisionCounters()
  /// Times the control's handler ran.
  package var runs = 0
  /// Navigations (pushes) it caused.
  package var navigations = 0
  /// Its navigations the navigator refused.
  package var refused = 0
  /// Presses the fence dropped (distinct event times: a double-click's
  /// second press counts once).
  package var fenceDrops = 0
  /// Spill-over that got through: "Add to cart" runs on any details page.
  package var spillOverActions = 0
  /// The stack depth after the last navigation (1 when none).
  package var finalDepth = 1

  init(control: String, lines: [DemoLogLine]) {
    var fenceTimes = Set<UInt32?>()
    for line in lines {
      let isControl = line.control == control
      switch line.type {
      case "decision" where isControl:
        decisions.countLogged(outcome: line.outcome, reason: line.reason)
      case "action" where isControl:
        runs += 1
      case "action" where line.does == "add-to-cart":
        spillOverActions += 1
      case "navigation":
        if isControl && line.move == "push" { navigations += 1 }
        finalDepth = line.depth ?? finalDepth
      case "navigation-refused" where isControl:
        refused += 1
      case "fence-drop":
        fenceTimes.insert(line.eventTime)
      default:
        break
      }
    }
    fenceDrops = fenceTimes.count
  }
}
