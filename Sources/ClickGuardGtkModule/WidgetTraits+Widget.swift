import CGtk
import ClickGuardGtk

extension WidgetTraits {
  /// Reads the traits `kinds` of selectors look at from a live widget; the
  /// others stay empty (the accessible name, for one, makes GTK create the
  /// widget's accessible object).
  @MainActor
  init(widget: gpointer, reading kinds: Set<RuleSelector.Kind>) {
    self.init()
    let gtkWidget = widget.assumingMemoryBound(to: GtkWidget.self)
    if kinds.contains(.id), GObjectType.isA(widget, gtk_buildable_get_type()) {
      builderID = swiftString(gtk_buildable_get_name(OpaquePointer(widget)))
    }
    if kinds.contains(.name) { name = swiftString(gtk_widget_get_name(gtkWidget)) }
    if kinds.contains(.accessible) {
      accessibleName = gtk_widget_get_accessible(gtkWidget).flatMap { swiftString(atk_object_get_name($0)) }
    }
    if kinds.contains(.label) {
      if GObjectType.isA(widget, gtk_button_get_type()) {
        label = swiftString(gtk_button_get_label(widget.assumingMemoryBound(to: GtkButton.self)))
      } else if GObjectType.isA(widget, gtk_menu_item_get_type()) {
        label = swiftString(gtk_menu_item_get_label(widget.assumingMemoryBound(to: GtkMenuItem.self)))
      }
    }
    if kinds.contains(.type) {
      var type = cg_type_of(widget)
      while type != 0 {
        if let name = swiftString(g_type_name(type)) { typeNames.append(name) }
        type = g_type_parent(type)
      }
    }
    if kinds.contains(.class), let context = gtk_widget_get_style_context(gtkWidget) {
      let classes = gtk_style_context_list_classes(context)
      var node = classes
      while let current = node {
        if let name = current.pointee.data.flatMap({ swiftString($0.assumingMemoryBound(to: gchar.self)) }) {
          styleClasses.append(name)
        }
        node = current.pointee.next
      }
      g_list_free(classes)
    }
  }
}
