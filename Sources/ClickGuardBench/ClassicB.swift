import ClickGuard
import ClickGuardBenchSupport
import Foundation

/// Classic approach B (prior-art.md), modelled literally: a flag and the
/// action's selector name per control, set on accept and cleared by a
/// delayed call after the interval; an activation is dropped while the flag
/// is set and the action name equals the stored one.
///
/// The delayed call (`performSelector:afterDelay:`) is modelled as a timer
/// pushed on a binary min-heap, drained before each activation as a run loop
/// fires due timers before it delivers the next event. Time is the monotonic
/// clock the run loop uses.
struct ClassicB {
  /// One control's associated values.
  struct State {
    /// The interval (seconds); 0 until the first activation sets the default.
    var clickInterval: TimeInterval = 0
    /// The per-control opt-out.
    var ignoreClickInterval = false
    /// Set on accept, cleared by the delayed call.
    var isIgnoreClick = false
    /// The action accepted last.
    var actionName: String?
  }

  /// A pending delayed call.
  struct Timer {
    /// When it fires (`CLOCK_MONOTONIC` ns).
    var deadline: Int64
    /// The control whose flag it clears.
    var control: ControlID
  }

  /// Each control's state.
  var states: [ControlID: State] = [:]
  /// The pending delayed calls, a binary min-heap on the deadline.
  var timers: [Timer] = []
  /// The interval a control gets on its first activation.
  let defaultInterval: TimeInterval

  /// A model with `defaultInterval` for every control.
  init(defaultInterval: TimeInterval) {
    self.defaultInterval = defaultInterval
    timers.reserveCapacity(4096)
  }

  /// `sendAction:to:forEvent:` for a button: whether the action is sent.
  mutating func sendAction(_ control: ControlID, action: String) -> Bool {
    let now = monotonicNanoseconds()
    fireDueTimers(now: now)
    var state = states[control] ?? State()
    defer { states[control] = state }
    if state.ignoreClickInterval { return true }
    if state.clickInterval == 0 { state.clickInterval = defaultInterval }
    if state.isIgnoreClick, state.actionName == action { return false }
    guard state.clickInterval > 0 else { return true }
    state.isIgnoreClick = true
    state.actionName = action
    push(Timer(deadline: now + Int64(state.clickInterval * 1e9), control: control))
    return true
  }

  private mutating func fireDueTimers(now: Int64) {
    while let first = timers.first, first.deadline <= now {
      pop()
      // setIgnoreClick:NO, which also forgets the action name.
      states[first.control]?.isIgnoreClick = false
      states[first.control]?.actionName = nil
    }
  }

  private mutating func push(_ timer: Timer) {
    timers.append(timer)
    var i = timers.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard timers[parent].deadline > timers[i].deadline else { break }
      timers.swapAt(parent, i)
      i = parent
    }
  }

  private mutating func pop() {
    let last = timers.removeLast()
    guard !timers.isEmpty else { return }
    timers[0] = last
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < timers.count, timers[l].deadline < timers[m].deadline { m = l }
      if r < timers.count, timers[r].deadline < timers[m].deadline { m = r }
      if m == i { break }
      timers.swapAt(i, m)
      i = m
    }
  }
}
