import CGtk4
import ClickGuard

/// A guarded switch (GtkSwitch). Skipped by default, like every stateful
/// control; set its settings' policy to `.guarded` to guard it.
///
/// A GtkSwitch flips `active` before it emits `state-set`, so a dropped
/// change is put back with the app's handlers blocked: the app never hears
/// of it and the switch shows what the app was told.
@MainActor
public final class Switch: Control {
  /// Creates a switch.
  public convenience init() {
    self.init(created: gtk_switch_new())
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing switch.
  /// - Throws: ``ControlError`` when `widget` is not a GtkSwitch.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_switch_get_type(), expectedName: "GtkSwitch")
  }

  /// Runs `action` with the new state for every change let through; the
  /// switch then shows that state.
  @discardableResult
  public func onToggle(_ action: @escaping @MainActor (Bool) -> Void) -> ActionConnection {
    ActionConnection(
      Signal.connect(
        widget, "state-set",
        boolean: { _, newState in
          action(newState)
          return false
        }))
  }

  /// Whether the switch is on; setting it is the app's own change.
  public var isActive: Bool {
    get { gtk_switch_get_active(OpaquePointer(widget)) != 0 }
    set { gtk_switch_set_active(OpaquePointer(widget), newValue ? 1 : 0) }
  }
}
