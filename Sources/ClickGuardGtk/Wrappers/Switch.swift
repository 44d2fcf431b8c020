import CGtk
import ClickGuard

/// A guarded switch. Skipped by default, like every stateful control; set
/// ``Control/policy`` to `.guarded` to guard it.
///
/// A GtkSwitch flips `active` before it emits `state-set`, so a dropped change
/// is put back without telling the app.
@MainActor
public final class Switch: Control {
  /// How long after a click or key the animated change (from the frame clock,
  /// with no event) is still that input's; generous for a loaded machine.
  private static let animationWindow = Duration.milliseconds(1500)

  private var keyboardActivation: ClickInstant?
  /// The pointer release a change was last attributed to.
  private var usedRelease: ClickInstant?

  /// Creates a switch.
  public convenience init() {
    self.init(created: gtk_switch_new())
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
    watchKeyboard()
  }

  /// Wraps an existing switch.
  /// - Throws: ``ControlError`` when `widget` is not a GtkSwitch.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_switch_get_type(), expectedName: "GtkSwitch")
    watchKeyboard()
  }

  private func watchKeyboard() {
    // Space/Enter emit `activate`; with animations on, the change itself
    // comes later from the frame clock with no current event.
    Signal.connect(widget.raw, "activate") { [weak self] _ in
      guard let self else { return }
      keyboardActivation = runtime.dispatcher.clock.now
    }
  }

  /// Runs `action` with the new state for every change let through.
  @discardableResult
  public func onToggle(_ action: @escaping @MainActor (Bool) -> Void) -> ActionConnection {
    ActionConnection(
      Signal.connect(widget.raw, "state-set") { [weak self] _, newState in
        guard let self else { return false }
        guard self.allowsChange(to: newState) else { return true }
        self.runtime.busyWatch.actionStarts(on: self.widget)
        action(newState)
        return false
      })
  }

  /// Whether the switch is on; setting it is a programmatic change.
  package var isActive: Bool {
    get { gtk_switch_get_active(widget.cast()) != 0 }
    set { gtk_switch_set_active(widget.cast(), newValue ? 1 : 0) }
  }

  /// Asks the judge about a change to `newState`; when dropped, puts the switch back.
  /// - Returns: whether the change goes ahead.
  private func allowsChange(to newState: Bool) -> Bool {
    let switchState = state.switchState
    if switchState.isRestoring { return false }
    guard runtime.judge.allows(widget.raw, action: .stateSet, kind: .switch, input: attribution()) else {
      switchState.isRestoring = true
      gtk_switch_set_active(widget.cast(), newState ? 0 : 1)
      switchState.isRestoring = false
      return false
    }
    return true
  }

  private func attribution() -> InputAttribution {
    let input = runtime.input.attribution(of: .click(widget.raw))
    let source = input.source
    // One click or key press makes one change at most.
    var release = runtime.input.lastRelease
    if let candidate = release, candidate.widget != widget.raw || candidate.processed == usedRelease {
      release = nil
    }
    let keyboardActivation = keyboardActivation
    if source != .nested {
      if let release { usedRelease = release.processed }
      self.keyboardActivation = nil
    }
    if source != .programmatic { return input }
    // The animated change: attribute it to the click or key that started it.
    let now = runtime.dispatcher.clock.now
    if let release, release.processed.duration(to: now) < Self.animationWindow {
      return .stamped(time: release.time)
    }
    if let keyboardActivation, keyboardActivation.duration(to: now) < Self.animationWindow {
      return InputAttribution(source: .user)
    }
    return .programmatic
  }
}
