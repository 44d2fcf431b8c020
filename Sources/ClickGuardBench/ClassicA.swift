import ClickGuard
import Foundation

/// Classic approach A (prior-art.md), modelled literally: a timestamp taken
/// at accept from the **wall clock**; per-control `acceptEventInterval` and
/// `acceptEventTime` kept in a dictionary (the associated objects); the time
/// is stored on every activation while the interval is positive, dropped or
/// not.
///
/// Modelled generously: the wall clock is read once per activation (the
/// original reads `NSDate.date` twice) and the two associated values are one
/// dictionary entry (the original looks each up separately).
struct ClassicA {
  /// One control's associated values.
  struct State {
    /// The interval (seconds); 0 until the first activation sets the default.
    var acceptEventInterval: TimeInterval
    /// When the last activation was seen (seconds since 1970).
    var acceptEventTime: TimeInterval
  }

  /// Each control's state.
  var states: [ControlID: State] = [:]
  /// The interval a control gets on its first activation.
  let defaultInterval: TimeInterval

  /// `sendAction:to:forEvent:`: whether the action is sent.
  mutating func sendAction(_ control: ControlID) -> Bool {
    let now = Date().timeIntervalSince1970
    var state = states[control] ?? State(acceptEventInterval: 0, acceptEventTime: 0)
    if state.acceptEventInterval <= 0 { state.acceptEventInterval = defaultInterval }
    let needSendAction = now - state.acceptEventTime >= state.acceptEventInterval
    if state.acceptEventInterval > 0 { state.acceptEventTime = now }
    states[control] = state
    return needSendAction
  }
}
