import CGtk
import ClickGuard

/// A guarded check button (skipped by default, like every toggle).
@MainActor
public final class CheckButton: ToggleButton {
  /// Creates a check button with a label.
  public convenience init(label: String) {
    self.init(created: gtk_check_button_new_with_label(label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing check button.
  /// - Throws: ``ControlError`` when `widget` is not a GtkCheckButton.
  public required init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_check_button_get_type(), name: "GtkCheckButton")
  }
}
