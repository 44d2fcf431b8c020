import ClickGuard

/// What every guarded control of either GTK layer offers: its settings,
/// stored on its widget, and its gate's state in the dispatcher that
/// judges it.
@MainActor
public protocol GuardedControl: AnyObject {
  /// The control's own settings (stored on the widget).
  var settings: ControlSettings { get set }
  /// The control's identity in the dispatcher.
  var id: ControlID { get }
  /// The dispatcher that judges it: the process's.
  var dispatcher: ClickDispatcher { get }
}

extension GuardedControl {
  /// Opt in, opt out, or follow the kind filter.
  public var policy: ControlPolicy {
    get { settings.policy }
    set { settings.policy = newValue }
  }

  /// This control's interval; `nil` follows the global one.
  public var interval: ClickInterval? {
    get { settings.interval }
    set { settings.interval = newValue }
  }

  /// The group whose gate this control shares; `nil` for its own gate.
  public var group: GroupKey? {
    get { settings.group }
    set { settings.group = newValue }
  }

  /// The decisions made for `action` so far; `nil` if none (a group counts on its gate).
  public func counters(for action: ActionName = .clicked) -> DecisionCounters? {
    dispatcher.counters(for: id, action: action)
  }

  /// Whether this control's own gate for `action` would accept an activation now.
  public func isGateOpen(for action: ActionName = .clicked) -> Bool {
    dispatcher.isOpen(.control(id, action))
  }
}
