// AdoptableControl: wrapping a widget that other code made, such as a
// GtkBuilder file's, straight from the GObject pointer it hands out.

import CGtk
import ClickGuard

/// A control that can wrap an existing widget: ``Button``, ``ToggleButton``,
/// ``CheckButton``, ``RadioButton``, ``Switch``, ``MenuItem``, ``Entry`` and
/// ``ListBox``.
///
/// Each also takes the `GObject` pointer `gtk_builder_get_object` returns, so
/// a window made in a GtkBuilder file is guarded without casts:
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
  /// Wraps `object`, a widget made by other code (a GtkBuilder file's
  /// `gtk_builder_get_object(builder, "id")`).
  /// - Throws: ``ControlError`` when `object` is `NULL` (no object has that
  ///   id) or is not of the control's GTK type.
  public init(adopting object: UnsafeMutablePointer<GObject>?) throws(ControlError) {
    guard let object else {
      // Every wrapper is named after its GTK type: Button wraps GtkButton.
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
