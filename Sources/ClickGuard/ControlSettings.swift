/// One control's own settings; a field left `nil` follows ``GuardConfiguration``.
public struct ControlSettings: Hashable, Sendable {
  /// Opt in, opt out, or follow the kind filter.
  public var policy: ControlPolicy
  /// This control's interval, overriding ``GuardConfiguration/interval``.
  public var interval: ClickInterval?
  /// This control's maximum busy time, overriding ``GuardConfiguration/maxBusy``.
  public var maxBusy: ClickInterval?
  /// A gate shared with other controls; `nil` gives the control its own.
  public var group: GroupKey?
  /// This control's mode, overriding ``GuardConfiguration/mode``.
  public var mode: GuardMode?
  /// Whether a person's repeats act within the window: `true` whatever its kind,
  /// `false` never, `nil` by its kind and ``GuardConfiguration/acceptsPersonRepeats``.
  public var repeats: Bool?

  /// Creates settings; the defaults follow the global configuration.
  public init(
    policy: ControlPolicy = .automatic, interval: ClickInterval? = nil, maxBusy: ClickInterval? = nil,
    group: GroupKey? = nil, mode: GuardMode? = nil, repeats: Bool? = nil
  ) {
    self.policy = policy
    self.interval = interval
    self.maxBusy = maxBusy
    self.group = group
    self.mode = mode
    self.repeats = repeats
  }
}
