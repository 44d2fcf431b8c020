// WidgetPointer: how ClickGuard's public API names a GTK widget.

import CGtk

/// A pointer to any GTK widget, as the C API hands it out.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

/// Sets `widget`'s accessible name: what a screen reader says and AT-SPI
/// tests read (the demo and the settings window name their widgets).
@MainActor
package func setAccessibleName(_ widget: WidgetPointer, _ name: String) {
  if let accessible = gtk_widget_get_accessible(widget) { atk_object_set_name(accessible, name) }
}

/// `widget`'s accessible name, as assistive technologies read it; empty
/// when it has none.
@MainActor
package func accessibleName(of widget: WidgetPointer) -> String {
  gtk_widget_get_accessible(widget).flatMap { swiftString(atk_object_get_name($0)) } ?? ""
}
