import CGtk
import ClickGuard

/// A guarded radio button. Groups keep working when guarded: the radio's
/// nested click on the previously active member is a consequence of the
/// judged click and is never dropped.
@MainActor
public final class RadioButton: ToggleButton {
  /// Creates a radio button with a label, joining `group`'s group if given.
  public convenience init(label: String, joining group: RadioButton? = nil) {
    self.init(created: gtk_radio_button_new_with_label_from_widget(group?.widget.cast(), label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing radio button.
  /// - Throws: ``ControlError`` when `widget` is not a GtkRadioButton.
  public required init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_radio_button_get_type(), name: "GtkRadioButton")
  }
}
