// Test-only, literal models of the two classic iOS approaches in
// /work/shared/notes/prior-art.md, used by LagScenarioTests to show where each
// lets a duplicate through:
//   A — timestamp at accept, read from the processing-time ("wall") clock and
//       stored even for dropped clicks;
//   B — a flag plus the stored action name, reset by a timer scheduled at
//       accept for `interval` later.
// They are deliberately as naive as the originals: do not "fix" them. Nothing
// outside the tests uses them.

/// A guard that the simulated main loop in LagScenarioTests drives. Times are
/// virtual milliseconds on the main loop's (processing-time) clock.
@MainActor
protocol SimulatedGuard {
  /// A main-loop turn at `now`, right before the next queued input is
  /// processed: whatever is due by then (timers) runs first.
  mutating func mainLoopTurn(now: Int64)
  /// Judges a click processed at `now` that the person made at `madeAt`
  /// (its event time); `true` when the action runs.
  mutating func activate(now: Int64, madeAt: Int64) -> Bool
  /// The accepted action's work is done at `now`: its handler returned, or
  /// its async work completed.
  mutating func actionDone(now: Int64)
}

/// Approach A, literally: per control `acceptEventInterval` and
/// `acceptEventTime`. On each activation
/// `accept = now - acceptEventTime >= acceptEventInterval`, where `now` is the
/// wall clock when the click is processed; whenever the interval is positive
/// `acceptEventTime = now` is stored, even for a dropped click. The event
/// time is never looked at, and the end of the action is never heard of.
struct ClassicTimestampModel: SimulatedGuard {
  /// The wall clock (ms since 1970) at virtual time 0. `acceptEventTime`
  /// starts at 0 like an unset associated object, so the first click passes.
  static let wallClockAtStart: Int64 = 1_764_000_000_000

  var acceptEventInterval: Int64
  var acceptEventTime: Int64 = 0

  init(intervalMs: Int64) {
    acceptEventInterval = intervalMs
  }

  mutating func mainLoopTurn(now: Int64) {}

  mutating func activate(now: Int64, madeAt: Int64) -> Bool {
    let wallNow = Self.wallClockAtStart + now
    let accept = wallNow - acceptEventTime >= acceptEventInterval
    if acceptEventInterval > 0 { acceptEventTime = wallNow }
    return accept
  }

  mutating func actionDone(now: Int64) {}
}

/// Approach B, literally: per control `clickInterval` and
/// `ignoreClickInterval` (opt-out), plus `isIgnoreClick` and the stored action
/// name. On activation: if `isIgnoreClick` and the action's name equals the
/// stored one → drop; otherwise set the flag, store the name, schedule a
/// delayed call `clickInterval` later that clears both, and run the action.
/// The delayed call runs at the first main-loop turn after its deadline, that
/// is before the next queued input. An async action returns at once, so only
/// the timer ever resets the flag.
struct ClassicTimerFlagModel: SimulatedGuard {
  /// The selector every click of the simulated button sends.
  static let action = "openDetails:"

  var clickInterval: Int64
  var ignoreClickInterval = false
  var isIgnoreClick = false
  var ignoredAction: String?
  /// Deadlines of the scheduled reset calls.
  var pendingResets: [Int64] = []

  init(intervalMs: Int64) {
    clickInterval = intervalMs
  }

  mutating func mainLoopTurn(now: Int64) {
    let due = pendingResets.filter { $0 <= now }
    pendingResets.removeAll { $0 <= now }
    for _ in due {
      isIgnoreClick = false
      ignoredAction = nil
    }
  }

  mutating func activate(now: Int64, madeAt: Int64) -> Bool {
    if ignoreClickInterval { return true }
    if isIgnoreClick && ignoredAction == Self.action { return false }
    isIgnoreClick = true
    ignoredAction = Self.action
    pendingResets.append(now + clickInterval)
    return true
  }

  mutating func actionDone(now: Int64) {}
}
