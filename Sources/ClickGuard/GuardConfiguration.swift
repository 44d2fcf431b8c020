/// The global settings of a ``ClickDispatcher``, which every control follows
/// unless its ``ControlSettings`` override them.
///
/// The default interval is **500 ms, measured from when the action
/// finished**. The classic iOS fixes use 2 s or more measured from the click,
/// because a window that starts at the click has to outlast the handler's own
/// lag. Ours starts when the action is done (an async action keeps the gate
/// closed until it completes), so it only has to cover a person's repeated
/// click: GTK's double-click time is 400 ms, and 500 ms covers it while a
/// deliberate second click a moment later still counts.
public struct GuardConfiguration: Hashable, Sendable {
  /// The longest interval accepted: 60 s. Anything longer leaves a control
  /// looking dead.
  public static let maximumInterval = ClickInterval(unchecked: .seconds(60))

  /// The window after an action finishes during which repeats are dropped;
  /// under ``GuardProfile/bounce``, the least time from one press to the
  /// next on a control.
  public private(set) var interval = ClickInterval(unchecked: .milliseconds(500))
  /// The longest an unfinished action keeps its gate closed: after that the
  /// gate reopens anyway, so no control is left dead. Never shorter than
  /// ``interval``.
  public private(set) var maxBusy = ClickInterval(unchecked: .seconds(10))
  /// Enforce, observe only, or off.
  public var mode = GuardMode.enforce
  /// Kinds not guarded unless a control opts in. Default: toggles and
  /// switches.
  public var skippedKinds: Set<ControlKind> {
    get { Set(ControlKind.allCases.filter { skippedKindFlags & $0.flag != 0 }) }
    set { skippedKindFlags = newValue.reduce(0) { $0 | $1.flag } }
  }
  /// ``skippedKinds`` as one flag per kind: every click reads it, and a
  /// flag test touches no hashing code.
  private var skippedKindFlags = ControlKind.toggle.flag | ControlKind.switch.flag
  /// Whether activations by the app's own code are guarded too.
  public var guardsProgrammatic = false
  /// How soon a keyboard shortcut may be pressed again and act: 120 ms
  /// after its previous press, and not before its action finished. People
  /// re-tap undo, zoom or next tab on purpose about 150 ms apart or slower;
  /// a chord repeated faster is a bounce or a burst, and presses made while
  /// its action ran (a stall) are repeats whatever their pace.
  public var shortcutInterval = ClickInterval(unchecked: .milliseconds(120))
  /// Whether a person's repeats act within the window: a control of a
  /// repeatable kind (``RepeatFacts``) pressed again at a person's pace
  /// (``shortcutInterval``) after its action finished, still in place and
  /// with nothing fresh shown since. The lag profile only: under
  /// ``GuardProfile/bounce`` every press keeps its pace.
  public var acceptsPersonRepeats = true
  /// How a click's window is measured: from when its action finished
  /// (``GuardProfile/lag``), or from the previous press on the same control
  /// (``GuardProfile/bounce``, which judges clicks as shortcuts are judged,
  /// at the pace ``interval``). Setting it changes only the measuring;
  /// ``init(profile:)`` also takes the profile's interval and kinds.
  public var profile = GuardProfile.lag

  /// The defaults: 500 ms interval, 10 s maximum busy time, enforce, toggles
  /// and switches skipped, programmatic activations not guarded.
  public init() {}

  /// The defaults of `profile`: its interval and skipped kinds
  /// (``GuardProfile/defaultInterval``, ``GuardProfile/defaultSkippedKinds``),
  /// 10 s maximum busy time, enforce, programmatic activations not guarded.
  public init(profile: GuardProfile) {
    self.profile = profile
    interval = profile.defaultInterval
    skippedKinds = profile.defaultSkippedKinds
  }

  /// Creates a configuration.
  /// - Throws: ``ConfigurationError`` when `interval` is over
  ///   ``maximumInterval`` or `maxBusy` is shorter than `interval`.
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

  /// Sets the interval, raising the maximum busy time to it when shorter.
  /// - Throws: ``ConfigurationError`` when `value` is over
  ///   ``maximumInterval``; nothing changes then.
  public mutating func setInterval(_ value: ClickInterval) throws(ConfigurationError) {
    guard value <= Self.maximumInterval else {
      throw ConfigurationError(setting: "interval", value: "\(value)", accepted: "0 ms to 60000 ms")
    }
    interval = value
    maxBusy = max(maxBusy, value)
  }

  /// Sets the maximum busy time.
  /// - Throws: ``ConfigurationError`` when `value` is shorter than the
  ///   interval; nothing changes then.
  public mutating func setMaxBusy(_ value: ClickInterval) throws(ConfigurationError) {
    guard value >= interval else {
      throw ConfigurationError(
        setting: "maxBusy", value: "\(value)",
        accepted: "at least the interval (\(interval)) and at most \(ClickInterval.maximum)")
    }
    maxBusy = value
  }

  /// How `activation` is judged under these settings and its control's own:
  /// the one place where global and per-control settings meet (a control's
  /// own mode, interval and maximum busy time win over the global ones).
  func rule(for activation: Activation) -> GateRule {
    if let reason = passReason(for: activation) { return .pass(reason) }
    let settings = activation.settings
    let isShortcut = activation.source == .shortcut
    let interval = settings.interval ?? (isShortcut ? shortcutInterval : interval)
    // A shortcut, or any press under the bounce profile, is judged by its
    // pace: no window after the action.
    let isPaced = isShortcut || profile == .bounce
    return .judge(
      settings.group.map(GateKey.group) ?? .control(activation.control, activation.action),
      interval: isPaced ? .zero : interval, maxBusy: max(settings.maxBusy ?? maxBusy, interval),
      observing: (settings.mode ?? mode) == .observe, pace: isPaced ? interval : nil,
      repeatPace: isPaced ? nil : repeatPace(for: activation))
  }

  /// The pace of a person's repeats of `activation`'s control, when its
  /// repeats may act within the window: its own setting wins, else its
  /// kind does.
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
