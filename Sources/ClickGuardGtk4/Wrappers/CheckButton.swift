import CGtk4
import ClickGuard

/// A guarded GTK 4 check button (GtkCheckButton, which in GTK 4 is not a
/// button). Skipped by default, like every toggle; set its settings' policy
/// to `.guarded` to guard it. A dropped toggle is put back before the app
/// hears of it, so the widget shows what the app was told.
@MainActor
public final class CheckButton: Control {
  /// Creates a check button with a label.
  public convenience init(label: String) {
    self.init(created: gtk_check_button_new_with_label(label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing check button.
  /// - Throws: ``ControlError`` when `widget` is not a GtkCheckButton.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_check_button_get_type(), expectedName: "GtkCheckButton")
  }

  /// Runs `action` with the new state for every toggle let through.
  @discardableResult
  public func onToggle(_ action: @escaping @MainActor (Bool) -> Void) -> ActionConnection {
    connect("toggled") { [widget] in action(gtk_check_button_get_active(widget.cast()) != 0) }
  }

  /// Makes this check button a radio of `other`'s group
  /// (`gtk_check_button_set_group`): one member is checked at a time, and
  /// the group is judged as one control, so a dropped click leaves the
  /// app's last choice checked. Skipped by default, like every toggle; set
  /// the members' policy to `.guarded` to guard the group.
  public func joinGroup(of other: CheckButton) {
    gtk_check_button_set_group(widget.cast(), other.widget.cast())
    state.joinRadioGroup(of: other.state)
  }

  /// Whether the check button is checked; setting it is the app's own change.
  public var isActive: Bool {
    get { gtk_check_button_get_active(widget.cast()) != 0 }
    set { gtk_check_button_set_active(widget.cast(), newValue ? 1 : 0) }
  }
}
