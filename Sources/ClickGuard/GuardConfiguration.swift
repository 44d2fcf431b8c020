/// The global settings of a ``ClickDispatcher``, which every control follows unless its
/// ``ControlSettings`` override them. The interval runs from the action's finish, not the
/// click, so it need not outlast the handler's lag: it only covers a person's repeated click.
public struct GuardConfiguration: Hashable, Sendable {
  /// The longest interval accepted: anything longer leaves a control looking dead.
  public static let maximumInterval = ClickInterval(unchecked: .seconds(60))

  /// The window after an action finishes during which repeats are dropped;
  /// under ``GuardProfile/bounce``, the least time between presses on a control.
  public private(set) var interval = ClickInterval(unchecked: .milliseconds(500))
  /// The longest an unfinished action keeps its gate closed (never shorter than ``interval``).
  public private(set) var maxBusy = ClickInterval(unchecked: .seconds(10))
  public var mode = GuardMode.enforce
  /// Kinds not guarded unless a control opts in (default: toggles and switches).
  public var skippedKinds: Set<ControlKind> {
    get { Set(ControlKind.allCases.filter { skippedKindFlags & $0.flag != 0 }) }
    set { skippedKindFlags = newValue.reduce(0) { $0 | $1.flag } }
  }
  /// ``skippedKinds`` as one flag per kind: every click tests a flag, not a hash.
  private var skippedKindFlags = ControlKind.toggle.flag | ControlKind.switch.flag
  /// Whether activations by the app's own code are guarded too.
  public var guardsProgrammatic = false
  /// How soon a keyboard shortcut may be pressed again and act (never before its
  /// action finished): a slower re-tap is on purpose, a faster one a bounce.
  public var shortcutInterval = ClickInterval(unchecked: .milliseconds(120))
  /// Whether a person's repeats (``RepeatFacts``) act within the window. Lag profile only.
  public var acceptsPersonRepeats = true
  /// How a click's window is measured: from its action's finish
  /// (``GuardProfile/lag``) or from the previous press (``GuardProfile/bounce``).
  public var profile = GuardProfile.lag

  /// The defaults: enforce, toggles and switches skipped, programmatic not guarded.
  public init() {}

  /// The defaults of `profile`: its interval and skipped kinds, the rest as ``init()``.
  public init(profile: GuardProfile) {
    self.profile = profile
    interval = profile.defaultInterval
    skippedKinds = profile.defaultSkippedKinds
  }

  /// Creates a configuration; throws ``ConfigurationError`` for an invalid interval or maxBusy.
  public init(
    interval: ClickInterval, maxBusy: ClickInterval? = nil, mode: GuardMode = .enforce,
    skippedKinds: Set<ControlKind> = [.toggle, .switch], guardsProgrammatic: Bool = false
  ) throws(ConfigurationError) {
    try setInterval(interval)
    if let maxBusy { try setMaxBusy(maxBusy) }
    self.mode = mode
    self.skippedKinds = skippedKinds
    self.guardsProgrammatic = guardsProgrammatic
  }

  /// Sets the interval (raising the maximum busy time to it); throws when over ``maximumInterval``.
  public mutating func setInterval(_ value: ClickInterval) throws(ConfigurationError) {
    guard value <= Self.maximumInterval else {
      throw ConfigurationError(setting: "interval", value: "\(value)", accepted: "0 ms to 60000 ms")
    }
    interval = value
    maxBusy = max(maxBusy, value)
  }

  /// Sets the maximum busy time; throws, changing nothing, when under the interval.
  public mutating func setMaxBusy(_ value: ClickInterval) throws(ConfigurationError) {
    guard value >= interval else {
      throw ConfigurationError(
        setting: "maxBusy", value: "\(value)",
        accepted: "at least the interval (\(interval)) and at most \(ClickInterval.maximum)")
    }
    maxBusy = value
  }

  /// How `activation` is judged: the one place where global and per-control
  /// settings meet (a control's own mode, interval and maximum busy time win).
  func rule(for activation: Activation) -> GateRule {
    if let reason = passReason(for: activation) { return .pass(reason) }
    let settings = activation.settings
    let isShortcut = activation.source == .shortcut
    let interval = settings.interval ?? (isShortcut ? shortcutInterval : interval)
    // Shortcuts and bounce-profile presses are judged by pace: no window after the action.
    let isPaced = isShortcut || profile == .bounce
    return .judge(
      settings.group.map(GateKey.group) ?? .control(activation.control, activation.action),
      interval: isPaced ? .zero : interval, maxBusy: longestBusy(of: settings, interval: interval),
      observing: (settings.mode ?? mode) == .observe, pace: isPaced ? interval : nil,
      repeatPace: isPaced ? nil : repeatPace(for: activation))
  }

  /// How long a control with `settings` may stay busy before its gate
  /// reopens: its own maximum busy time or the global one, never shorter
  /// than its interval (`interval`, else its own or the global one).
  package func longestBusy(of settings: ControlSettings, interval: ClickInterval? = nil) -> ClickInterval {
    max(settings.maxBusy ?? maxBusy, interval ?? settings.interval ?? self.interval)
  }

  /// The pace of a person's repeats of the control, if they may act in the window.
  private func repeatPace(for activation: Activation) -> ClickInterval? {
    guard let facts = activation.repeatFacts else { return nil }
    let repeats = activation.settings.repeats ?? (acceptsPersonRepeats && facts.isRepeatable)
    return repeats ? shortcutInterval : nil
  }

  private func passReason(for activation: Activation) -> PassReason? {
    if (activation.settings.mode ?? mode) == .off { return .guardOff }
    switch activation.settings.policy {
    case .exempt: return .exempt
    case .automatic where skippedKindFlags & activation.kind.flag != 0: return .kindSkipped
    case .automatic, .guarded: break
    }
    switch activation.source {
    case .user, .shortcut: return nil
    case .nested: return .nested
    case .keyRepeat: return .keyRepeat
    case .programmatic: return guardsProgrammatic ? nil : .programmatic
    }
  }
}

extension ControlKind {
  /// The kind's flag in ``GuardConfiguration``'s skipped kinds.
  fileprivate var flag: UInt8 {
    switch self {
    case .button: 1
    case .toggle: 2
    case .switch: 4
    }
  }
}
