// The global configuration every control follows unless it overrides it.

/// What the guard does with an activation it would drop.
public enum GuardMode: String, Sendable, CaseIterable {
  /// Drop it: the action does not run.
  case enforce
  /// Run it anyway, but report it as ``ClickOutcome/wouldDrop(_:)``: a
  /// diagnostic for finding duplicate activations in an existing app.
  case observe
  /// Judge nothing: every activation runs and passes as
  /// ``PassReason/guardOff``.
  case off
}

/// The global settings of a ``ClickDispatcher``.
///
/// The default interval is **500 ms, measured from when the action
/// finished**. The classic iOS approaches use 2 s or 2.5 s measured from the
/// click, because a window that starts at the click has to outlast the
/// handler's own lag. Ours starts when the action is done (and an async
/// action keeps the gate closed until it completes), so the interval only has
/// to cover the person's repeated click: GTK's own double-click time is
/// 400 ms, and 500 ms covers it with a margin while staying short enough that
/// a deliberate second click a moment later is not lost.
public struct GuardConfiguration: Hashable, Sendable {
  /// The longest interval accepted: 60 s. Anything longer leaves a control
  /// looking dead.
  public static let maximumInterval = ClickInterval(uncheckedNanoseconds: 60_000_000_000)

  /// The window after an action finishes during which repeats are dropped.
  public private(set) var interval: ClickInterval
  /// The longest an async action keeps its gate closed: after that the gate
  /// reopens anyway, so no control is ever left dead. Never shorter than
  /// ``interval``.
  public private(set) var maxBusy: ClickInterval
  /// Enforce, observe only, or off.
  public var mode: GuardMode
  /// Kinds not guarded unless a control opts in. Default: toggles and
  /// switches.
  public var skippedKinds: ControlKinds
  /// Whether activations by the app's own code are guarded too. Default:
  /// `false`.
  public var guardsProgrammatic: Bool

  /// The defaults: 500 ms interval, 10 s maximum busy time, enforce, toggles
  /// and switches skipped, programmatic activations not guarded.
  public init() {
    interval = ClickInterval(uncheckedNanoseconds: 500_000_000)
    maxBusy = ClickInterval(uncheckedNanoseconds: 10_000_000_000)
    mode = .enforce
    skippedKinds = [.toggle, .switch]
    guardsProgrammatic = false
  }

  /// Creates a configuration.
  /// - Throws: ``ConfigurationError`` when `interval` is over
  ///   ``maximumInterval`` or `maxBusy` is shorter than `interval`.
  public init(
    interval: ClickInterval, maxBusy: ClickInterval? = nil, mode: GuardMode = .enforce,
    skippedKinds: ControlKinds = [.toggle, .switch], guardsProgrammatic: Bool = false
  ) throws(ConfigurationError) {
    self.init()
    try setInterval(interval)
    if let maxBusy { try setMaxBusy(maxBusy) }
    self.mode = mode
    self.skippedKinds = skippedKinds
    self.guardsProgrammatic = guardsProgrammatic
  }

  /// Sets the interval. When the maximum busy time is shorter, it is raised
  /// to the interval.
  /// - Throws: ``ConfigurationError`` when `value` is over
  ///   ``maximumInterval``; nothing changes then.
  public mutating func setInterval(_ value: ClickInterval) throws(ConfigurationError) {
    guard value <= Self.maximumInterval else {
      throw ConfigurationError(setting: "interval", value: "\(value)", accepted: "0 ms to 60000 ms")
    }
    interval = value
    if maxBusy < value { maxBusy = value }
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
}
