import CGtk
import ClickGuard

/// A guarded one-line text entry: Return submits once per burst (and once
/// while held); typing and editing keys are never judged.
@MainActor
public final class Entry: Control, ActivatableControl {
  /// Creates an empty entry.
  public convenience init() {
    self.init(created: gtk_entry_new())
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing entry.
  /// - Throws: ``ControlError`` when `widget` is not a GtkEntry.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_entry_get_type(), expectedName: "GtkEntry")
  }

  /// The entry's text.
  package var text: String {
    get { swiftString(gtk_entry_get_text(widget.cast())) ?? "" }
    set { gtk_entry_set_text(widget.cast(), newValue) }
  }
}
