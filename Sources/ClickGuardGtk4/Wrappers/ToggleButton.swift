import CGtk4
import ClickGuard

/// A guarded GTK 4 toggle button (GtkToggleButton). Skipped by default,
/// like every stateful control; set its `policy` to `.guarded` to
/// guard it. A dropped toggle never flips, so the widget always shows what
/// the app was told.
@MainActor
public final class ToggleButton: Control {
  /// Creates a toggle button with a label.
  public convenience init(label: String) {
    self.init(created: gtk_toggle_button_new_with_label(label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing toggle button.
  /// - Throws: ``ControlError`` when `widget` is not a GtkToggleButton.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_toggle_button_get_type(), expectedName: "GtkToggleButton")
  }

  /// Runs `action` with the new state for every toggle let through.
  @discardableResult
  public func onToggle(_ action: @escaping @MainActor (Bool) -> Void) -> ActionConnection {
    connect("toggled") { [widget] in
      action(gtk_toggle_button_get_active(widget.cast()) != 0)
    }
  }
}
