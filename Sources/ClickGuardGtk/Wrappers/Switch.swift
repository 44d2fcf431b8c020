import CGtk
import ClickGuard

/// A guarded switch. Skipped by default, like every stateful control; set
/// its `policy` to `.guarded` to guard it.
///
/// A GtkSwitch flips `active` before it emits `state-set`, so a dropped change
/// is put back without telling the app.
@MainActor
public final class Switch: Control {
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

  /// The change's attribution, given the release on the switch and its key
  /// activation: one click or key press makes one change at most.
  private func attribution() -> InputAttribution {
    var release = runtime.input.lastRelease
    if let candidate = release, candidate.widget != widget.raw || candidate.processed == usedRelease {
      release = nil
    }
    let input = runtime.input.attribution(
      of: .wrappedSwitchChange(widget.raw, release: release, keyActivatedAt: keyboardActivation))
    // A nested change (inside a class handler) leaves the release and key to the change they made.
    if !runtime.input.isInClassHandler {
      if let release { usedRelease = release.processed }
      keyboardActivation = nil
    }
    return input
  }
}
