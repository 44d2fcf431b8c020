/// How one activation is judged, settings resolved (``GuardConfiguration/rule(for:)``).
enum GateRule: Equatable, Sendable {
  /// Not judged: the action runs and no gate changes.
  case pass(PassReason)
  /// Judged on the gate `key`: `observing` runs the action anyway, `pace` makes a
  /// pacing gate, `repeatPace` is a person's repeat pace (see ``ClickGate``).
  case judge(
    GateKey, interval: ClickInterval, maxBusy: ClickInterval, observing: Bool, pace: ClickInterval?,
    repeatPace: ClickInterval?)
}
