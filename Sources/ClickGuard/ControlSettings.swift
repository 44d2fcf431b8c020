/// One control's own settings; a field left `nil` follows ``GuardConfiguration``.
public struct ControlSettings: Hashable, Sendable {
  // Stored in this order so the one-byte fields fill the interval's padding:
  // every guarded widget keeps a copy.

  /// This control's interval, overriding ``GuardConfiguration/interval``.
  public var interval: ClickInterval?
  /// Opt in, opt out, or follow the kind filter.
  public var policy: ControlPolicy
  /// This control's mode, overriding ``GuardConfiguration/mode``: one
  /// control observed or off while the rest are enforced, or the reverse.
  public var mode: GuardMode?
  /// Whether a person's repeats act within the window: `true` whatever its kind,
  /// `false` never, `nil` by its kind and ``GuardConfiguration/acceptsPersonRepeats``.
  public var repeats: Bool?
  /// A gate shared with other controls; `nil` gives the control its own.
  public var group: GroupKey?
  /// This control's maximum busy time, overriding
  /// ``GuardConfiguration/maxBusy``; never shorter than the interval in use.
  public var maxBusy: ClickInterval?

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
