import CGtk
import ClickGuard

/// A control that can wrap an existing widget, also from the `GObject`
/// pointer `gtk_builder_get_object` returns, without casts:
///
/// ```swift
/// let builder = gtk_builder_new_from_file("window.ui")
/// let open = try Button(adopting: gtk_builder_get_object(builder, "open"))
/// open.onClick { print("opened") }
/// ```
@MainActor
public protocol AdoptableControl: Control {
  /// Wraps `widget`, which must be of the control's GTK type or a subclass.
  /// - Throws: ``ControlError`` when it is not.
  init(adopting widget: WidgetPointer) throws(ControlError)
}

extension AdoptableControl {
  /// Wraps `object` (`gtk_builder_get_object(builder, "id")`).
  /// - Throws: ``ControlError`` when it is `NULL` or of another GTK type.
  public init(adopting object: UnsafeMutablePointer<GObject>?) throws(ControlError) {
    guard let object else {
      throw ControlError(expected: "Gtk\(Self.self)", actual: "NULL")
    }
    try self.init(adopting: object.cast(to: GtkWidget.self))
  }
}

extension Button: AdoptableControl {}
extension ToggleButton: AdoptableControl {}
extension Switch: AdoptableControl {}
extension MenuItem: AdoptableControl {}
extension Entry: AdoptableControl {}
extension ListBox: AdoptableControl {}
