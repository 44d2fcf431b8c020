import CGtk
import ClickGuard

/// A guarded menu item: its `activate`, by a click, its mnemonic or its
/// accelerator, is judged before the item or any handler acts.
///
/// ```swift
/// let export = MenuItem(label: "Export")
/// export.onActivate { print("exported") }   // Ctrl+E pressed five times: once
/// ```
@MainActor
public final class MenuItem: Control, ActivatableControl {
  /// Creates a menu item with a label.
  public convenience init(label: String) {
    self.init(created: gtk_menu_item_new_with_label(label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing menu item (a check item is a toggle).
  /// - Throws: ``ControlError`` when `widget` is not a GtkMenuItem.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_menu_item_get_type(), expectedName: "GtkMenuItem")
  }
}
