/// What rule selectors look at on one widget, read once at its first
/// judgment: a plain value, so which rule matches is decided (and tested)
/// without GTK.
package struct WidgetTraits: Hashable, Sendable {
  /// The GtkBuilder id, if the widget came from a builder file.
  package var builderID: String?
  /// `gtk_widget_get_name` (the type name unless the app set a name).
  package var name: String?
  /// The accessible name, if any.
  package var accessibleName: String?
  /// The button's or menu item's label, if any.
  package var label: String?
  /// The widget's GType name and its ancestors', most derived first.
  package var typeNames: [String]
  /// The CSS style classes on the widget.
  package var styleClasses: [String]

  /// Describes a widget by hand.
  package init(
    builderID: String? = nil, name: String? = nil, accessibleName: String? = nil, label: String? = nil,
    typeNames: [String] = [], styleClasses: [String] = []
  ) {
    self.builderID = builderID
    self.name = name
    self.accessibleName = accessibleName
    self.label = label
    self.typeNames = typeNames
    self.styleClasses = styleClasses
  }
}
