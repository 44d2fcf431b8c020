import CGtk
import ClickGuard

/// A widget as ClickGuard names it, for the decision log and rule selectors
/// alike, so the label the log shows is the one a rule matches. A plain
/// value, so rule matching is tested without GTK.
package struct WidgetDescription: Hashable, Sendable {
  /// One property a selector names (`id=`, `label=`, …).
  package enum Part: String, Hashable, Sendable, CaseIterable {
    /// The GtkBuilder id (`gtk_buildable_get_name`).
    case id
    /// The widget name (`gtk_widget_get_name`).
    case name
    /// The accessible name screen readers read.
    case accessible
    /// A button's or menu item's label (mnemonic underscores optional in a selector).
    case label
    /// A GType name the widget is (its type or an ancestor).
    case type
    /// A CSS style class on the widget.
    case `class`
  }

  /// The parts the decision log writes.
  package static let logged: Set<Part> = [.type, .id, .label, .accessible]

  /// The GtkBuilder id.
  package var builderID: String?
  /// `gtk_widget_get_name` (the type name unless the app set a name).
  package var name: String?
  /// The accessible name.
  package var accessibleName: String?
  /// The button's or menu item's label.
  package var label: String?
  /// GType names, most derived first.
  package var typeNames: [String]
  /// CSS style classes.
  package var styleClasses: [String]

  /// The GType name; `?` when not read.
  package var typeName: String { typeNames.first ?? "?" }

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

  /// Describes a widget by hand as the log names it: its type only.
  package init(typeName: String, builderID: String? = nil, label: String? = nil, accessibleName: String? = nil) {
    self.init(builderID: builderID, accessibleName: accessibleName, label: label, typeNames: [typeName])
  }

  /// Reads `parts` of a live widget. Reading the accessible name makes GTK
  /// create the accessible object, so rules read it only when needed.
  @MainActor
  package init(widget: gpointer, reading parts: Set<Part> = Self.logged) {
    self.init()
    let gtkWidget = widget.assumingMemoryBound(to: GtkWidget.self)
    if parts.contains(.type) { typeNames = Self.typeNames(of: widget) }
    if parts.contains(.id), GObjectType.isA(widget, gtk_buildable_get_type()) {
      builderID = swiftString(gtk_buildable_get_name(OpaquePointer(widget)))
    }
    // A GtkAction is judged too: it has a type, a name and a label only.
    let isWidget = GObjectType.isA(widget, gtk_widget_get_type())
    if parts.contains(.name), isWidget { name = swiftString(gtk_widget_get_name(gtkWidget)) }
    if parts.contains(.accessible), isWidget {
      let accessible = ClickGuardGtk.accessibleName(of: gtkWidget)
      accessibleName = accessible.isEmpty ? nil : accessible
    }
    if parts.contains(.label) { label = Self.label(of: widget) }
    if parts.contains(.class), isWidget { styleClasses = Self.styleClasses(of: gtkWidget) }
  }

  /// `label` as GTK shows a mnemonic: `_Save` is "Save", `__` one underscore,
  /// and a last lone underscore stays.
  package static func shown(_ label: String) -> String {
    var shown = ""
    var marked = false
    for character in label {
      if character == "_" && !marked {
        marked = true
        continue
      }
      shown.append(character)
      marked = false
    }
    return marked ? shown + "_" : shown
  }

  private static func typeNames(of widget: gpointer) -> [String] {
    var names: [String] = []
    var type = cg_type_of(widget)
    while type != 0 {
      if let name = swiftString(g_type_name(type)) { names.append(name) }
      type = g_type_parent(type)
    }
    return names
  }

  /// A button's label, a model button's text or a menu item's label.
  @MainActor
  private static func label(of widget: gpointer) -> String? {
    if GObjectType.isA(widget, gtk_button_get_type()) {
      if let label = swiftString(gtk_button_get_label(widget.assumingMemoryBound(to: GtkButton.self))) {
        return label
      }
      return GObjectType.isA(widget, gtk_model_button_get_type()) ? stringProperty("text", of: widget) : nil
    }
    if GObjectType.isA(widget, gtk_menu_item_get_type()) {
      return swiftString(gtk_menu_item_get_label(widget.assumingMemoryBound(to: GtkMenuItem.self)))
    }
    let action = g_type_from_name("GtkAction")
    return action != 0 && GObjectType.isA(widget, action) ? stringProperty("label", of: widget) : nil
  }

  private static func stringProperty(_ name: String, of object: gpointer) -> String? {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    defer { g_value_unset(&value) }
    g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    return swiftString(g_value_get_string(&value))
  }

  @MainActor
  private static func styleClasses(of widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
    guard let context = gtk_widget_get_style_context(widget) else { return [] }
    let classes = gtk_style_context_list_classes(context)
    defer { g_list_free(classes) }
    var names: [String] = []
    var node = classes
    while let current = node {
      if let name = current.pointee.data.flatMap({ swiftString($0.assumingMemoryBound(to: gchar.self)) }) {
        names.append(name)
      }
      node = current.pointee.next
    }
    return names
  }
}
