import CGtk
import ClickGuard

/// What the log says about the widget a decision was made for.
package struct WidgetDescription: Hashable, Sendable {
  /// The GType name, for example `GtkButton` or `GtkModelButton`.
  package var typeName: String
  /// The GtkBuilder id (`gtk_buildable_get_name`), if any.
  package var builderID: String?
  /// The button's label, if it has a text label.
  package var label: String?
  /// The accessible name screen readers (and AT-SPI tests) read, if any.
  package var accessibleName: String?

  /// Describes a widget by hand.
  package init(typeName: String, builderID: String? = nil, label: String? = nil, accessibleName: String? = nil) {
    self.typeName = typeName
    self.builderID = builderID
    self.label = label
    self.accessibleName = accessibleName
  }

  /// Reads the description of a live GTK widget. Cheap: a few getters.
  @MainActor
  package init(widget: gpointer) {
    typeName = swiftString(g_type_name(cg_type_of(widget))) ?? "?"
    builderID =
      GObjectType.isA(widget, gtk_buildable_get_type())
      ? swiftString(gtk_buildable_get_name(OpaquePointer(widget))) : nil
    label =
      GObjectType.isA(widget, gtk_button_get_type())
      ? swiftString(gtk_button_get_label(widget.assumingMemoryBound(to: GtkButton.self))) : nil
    let accessible = gtk_widget_get_accessible(widget.assumingMemoryBound(to: GtkWidget.self))
    accessibleName = accessible.flatMap { swiftString(atk_object_get_name($0)) }.flatMap { $0.isEmpty ? nil : $0 }
  }
}
