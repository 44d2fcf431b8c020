// TallyBoard: the counters per control (accepted, dropped by reason,
// handler runs, navigations) and the fence's drops, added up from the demo's
// own events: the window's counters table, and what a driver reads back
// from the log after a burst.

import ClickGuard
import ClickGuardGObject

/// The counts of one control.
package struct ControlTally: Hashable, Sendable {
  /// The guard's decisions, as the log reported them.
  package var decisions = DecisionCounters()
  /// Times its handler ran (an action or a delivered toggle).
  package var runs = 0
  /// Navigations it caused.
  package var navigations = 0
  /// Navigations it asked for that the navigator refused.
  package var refused = 0

  /// Creates zeroed counts.
  package init() {}
}

/// Counters per control, in the order controls were first seen, plus fence
/// drops per page.
package struct TallyBoard: Sendable {
  /// The controls, in display order.
  package private(set) var names: [String] = []
  private var tallies: [String: ControlTally] = [:]
  /// Presses the spill-over fence dropped, per page. A double click's
  /// second press (GDK_2BUTTON_PRESS, same event time) counts once.
  package private(set) var fenceDrops: [String: Int] = [:]
  private var fencedTimes: Set<String> = []
  /// The stack depth after the last navigation (1 when none).
  package private(set) var depth = 1

  /// A board listing `names` first (with zero counts).
  package init(names: [String] = []) {
    for name in names { touch(name) }
  }

  /// The counts of `name` (zero when never seen).
  package subscript(name: String) -> ControlTally { tallies[name] ?? ControlTally() }

  /// All fence drops.
  package var totalFenceDrops: Int { fenceDrops.values.reduce(0, +) }

  /// Adds `event` up.
  package mutating func record(_ event: DemoEvent) {
    switch event {
    case .decision(let control, _, _, let outcome, let reason, _, _, _, _):
      update(control) { $0.decisions.countLogged(outcome: outcome, reason: reason) }
    case .action(let control, _), .toggle(let control, _):
      update(control) { $0.runs += 1 }
    case .navigation(_, _, _, let depth, _, let control):
      self.depth = depth
      if let control { update(control) { $0.navigations += 1 } }
    case .navigationRefused(_, _, let control?, _):
      update(control) { $0.refused += 1 }
    case .fenceDrop(let page, _, let eventTime):
      if let eventTime, !fencedTimes.insert("\(page)@\(eventTime)").inserted { return }
      fenceDrops[page, default: 0] += 1
    default:
      break
    }
  }

  /// Spill-over that got through: runs of a details page's "Add to cart"
  /// other than `control`'s own.
  package func spillOver(excluding control: String) -> Int {
    names.filter { $0 != control && DemoWidgets.isDetailsAction($0) }.reduce(0) { $0 + self[$1].runs }
  }

  /// Zeroes every count, keeping the rows.
  mutating func reset() {
    for name in names { tallies[name] = ControlTally() }
    fenceDrops.removeAll()
    fencedTimes.removeAll()
  }

  /// The table's columns after the control's name: each one's title and
  /// what it counts (the window shows it as the title's tooltip), in
  /// English, marked translatable.
  package static let columns: [(title: String, meaning: String)] = [
    (translatable("Accepted"), translatable("Activations the guard let run.")),
    (translatable("Dropped"), translatable("Repeats the guard dropped: the sum of the next three columns.")),
    (translatable("Busy"), translatable("Dropped while the accepted action was still running.")),
    (translatable("Interval"), translatable("Dropped less than the interval after the accepted action finished.")),
    (
      translatable("Event time"),
      translatable(
        "Dropped because the click was made, by its X event time, within the accepted one's action and interval, however late it was handled."
      )
    ),
    (translatable("Would drop"), translatable("Observe mode: the guard would have dropped it, and let it run.")),
    (
      translatable("Not judged"),
      translatable("Let through without judging: guard off, exempt, a toggle or switch, or the app's own code.")
    ),
    (translatable("Runs"), translatable("Times the control's action ran.")),
    (translatable("Navigations"), translatable("Page changes it caused.")),
    (
      translatable("Refused"),
      translatable(
        "Page changes it asked for that the navigator refused: the page was on top already, or a transition ran.")
    ),
  ]

  /// What the fence line counts, in English, marked translatable.
  static let fenceMeaning = translatable(
    "Presses the spill-over fence dropped, per page: made before the page appeared, during its transition or before it settled."
  )

  /// `name`'s counts, one per column of ``columns``.
  package func cells(of name: String) -> [Int] {
    let t = self[name]
    let d = t.decisions
    return [
      d.accepted, d.dropped, d.droppedBusy, d.droppedWithinInterval, d.droppedEventTime, d.wouldDrop, d.passed,
      t.runs, t.navigations, t.refused,
    ]
  }

  /// The fence line: the drops per page, in the reader's language.
  var fenceLine: String {
    let fence = fenceDrops.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    return localized("Fence drops: {drops}").filling(["drops": fence.isEmpty ? "0" : fence])
  }

  private mutating func touch(_ name: String) {
    if tallies[name] == nil {
      tallies[name] = ControlTally()
      names.append(name)
    }
  }

  private mutating func update(_ name: String, _ body: (inout ControlTally) -> Void) {
    touch(name)
    body(&tallies[name]!)
  }
}

extension DecisionCounters {
  /// Counts one decision as the demo's log writes it (`outcome` and `reason`
  /// of a `decision` line, parsed by ``ClickOutcome/Kind`` and ``DropReason``;
  /// a drop without a reason it knows counts as an event-time drop).
  /// `package`: the driver counts the lines it reads back the same way.
  mutating func countLogged(outcome: String?, reason: String?) {
    switch outcome.flatMap(ClickOutcome.Kind.init(rawValue:)) {
    case .accepted: accepted += 1
    case .dropped:
      switch reason.flatMap(DropReason.init(rawValue:)) {
      case .busy: droppedBusy += 1
      case .withinInterval: droppedWithinInterval += 1
      case .eventTime, .tooFast, nil: droppedEventTime += 1
      }
    case .wouldDrop: wouldDrop += 1
    case .passed, .fenced, .wouldFence, nil: passed += 1
    }
  }
}
