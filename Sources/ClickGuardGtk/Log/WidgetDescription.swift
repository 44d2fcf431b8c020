import CGtk
import ClickGuard

/// A widget as ClickGuard names it: what the decision log writes about the
/// widget of a decision, and what a rule's selector looks at. One type, read
/// off a widget by one reader, so a label the log shows is the label a rule
/// matches. A plain value: which rule matches is decided (and tested)
/// without GTK.
package struct WidgetDescription: Hashable, Sendable {
  /// One property of a widget: what a selector of the rules file names
  /// (`id=`, `label=`, …), and what a reader reads.
  package enum Part: String, Hashable, Sendable, CaseIterable {
    /// The GtkBuilder id (`gtk_buildable_get_name`).
    case id
    /// The widget name (`gtk_widget_get_name`).
    case name
    /// The accessible name screen readers read.
    case accessible
    /// A button's, model button's or menu item's label (mnemonic
    /// underscores optional in a selector).
    case label
    /// A GType name the widget is (its type or an ancestor).
    case type
    /// A CSS style class on the widget.
    case `class`
  }

  /// The parts the decision log writes: type, builder id, label and
  /// accessible name.
  package static let logged: Set<Part> = [.type, .id, .label, .accessible]

  /// The GtkBuilder id, if the widget came from a builder file.
  package var builderID: String?
  /// `gtk_widget_get_name` (the type name unless the app set a name).
  package var name: String?
  /// The accessible name, if any.
  package var accessibleName: String?
  /// The button's, model button's or menu item's label, if any.
  package var label: String?
  /// The widget's GType name and its ancestors', most derived first.
  package var typeNames: [String]
  /// The CSS style classes on the widget.
  package var styleClasses: [String]

  /// The GType name, for example `GtkButton` or `GtkModelButton`; `?` when
  /// the type was not read.
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

  /// Describes a widget by hand, as the log names it: its type only, not
  /// the type's ancestors.
  package init(typeName: String, builderID: String? = nil, label: String? = nil, accessibleName: String? = nil) {
    self.init(builderID: builderID, accessibleName: accessibleName, label: label, typeNames: [typeName])
  }

  /// Reads `parts` of a live GTK widget; the others stay empty. A few
  /// getters each; the accessible name makes GTK create the widget's
  /// accessible object, so the rules read it only when a selector needs it.
  @MainActor
  package init(widget: gpointer, reading parts: Set<Part> = Self.logged) {
    self.init()
    let gtkWidget = widget.assumingMemoryBound(to: GtkWidget.self)
    if parts.contains(.type) { typeNames = Self.typeNames(of: widget) }
    if parts.contains(.id), GObjectType.isA(widget, gtk_buildable_get_type()) {
      builderID = swiftString(gtk_buildable_get_name(OpaquePointer(widget)))
    }
    // A GtkAction (GtkUIManager's menus and accelerators) is judged too:
    // it has a type, a name and a label, none of a widget's other parts.
    let isWidget = GObjectType.isA(widget, gtk_widget_get_type())
    if parts.contains(.name), isWidget { name = swiftString(gtk_widget_get_name(gtkWidget)) }
    if parts.contains(.accessible), isWidget {
      let accessible = ClickGuardGtk.accessibleName(of: gtkWidget)
      accessibleName = accessible.isEmpty ? nil : accessible
    }
    if parts.contains(.label) { label = Self.label(of: widget) }
    if parts.contains(.class), isWidget { styleClasses = Self.styleClasses(of: gtkWidget) }
  }

  /// `label` as GTK shows it when it has a mnemonic: an underscore marks
  /// the next character (`_Save` is "Save"), `__` is one underscore, and a
  /// last lone underscore stays. The log's reader names widgets by it and a
  /// `label=` selector matches it.
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

  /// The widget's type and its ancestors' names, most derived first.
  private static func typeNames(of widget: gpointer) -> [String] {
    var names: [String] = []
    var type = cg_type_of(widget)
    while type != 0 {
      if let name = swiftString(g_type_name(type)) { names.append(name) }
      type = g_type_parent(type)
    }
    return names
  }

  /// A button's label, a model button's text (a GtkButton without a label
  /// of its own) or a menu item's label.
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

  /// The string property `name` of `object`, or `nil` when unset.
  private static func stringProperty(_ name: String, of object: gpointer) -> String? {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    defer { g_value_unset(&value) }
    g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    return swiftString(g_value_get_string(&value))
  }

  /// The CSS style classes on the widget.
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
