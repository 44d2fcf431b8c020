/// How one activation is judged, with the global and per-control settings
/// resolved (``GuardConfiguration/rule(for:)``).
enum GateRule: Equatable, Sendable {
  /// Not judged: the action runs and no gate changes.
  case pass(PassReason)
  /// Judged on the gate `key` with these settings; `observing` reports drops
  /// as would-drops and runs the action anyway; `pace`, for a shortcut, is
  /// the gap below which a press repeats the previous one (the gate then
  /// keeps no window after the action: see ``ClickGate``); `repeatPace`,
  /// for a control people press again on purpose, is the pace at which a
  /// press within the window is a person's repeat (``ClickGate``'s repeat
  /// rule).
  case judge(
    GateKey, interval: ClickInterval, maxBusy: ClickInterval, observing: Bool, pace: ClickInterval?,
    repeatPace: ClickInterval?)
}
