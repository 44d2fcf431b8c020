import CGtk
import ClickGuard

/// What the repeat rule reads of a pressed GTK 3 button (``RepeatFacts``):
/// its names and label, judged by the core's ``RepeatableNames``, whether it
/// is in place, its scene.
@MainActor
enum RepeatableControls {
  /// The facts of `button` now; whether it is repeatable is kept on `state`.
  static func facts(of button: gpointer, state: WidgetGuardState?, appearances: UInt64) -> RepeatFacts {
    let widget = button.assumingMemoryBound(to: GtkWidget.self)
    let repeatable: Bool
    if let kept = state?.isRepeatable {
      repeatable = kept
    } else {
      repeatable = isRepeatable(widget)
      state?.isRepeatable = repeatable
    }
    let isInPlace = gtk_widget_get_mapped(widget) != 0 && gtk_widget_is_sensitive(widget) != 0
    return RepeatFacts(
      isRepeatable: repeatable, isInPlace: isInPlace, scene: scene(of: widget, appearances: appearances))
  }

  /// What the person sees around `widget`: its window, and fresh content's `appearances`.
  static func scene(of widget: UnsafeMutablePointer<GtkWidget>, appearances: UInt64) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(UInt(bitPattern: gtk_widget_get_toplevel(widget)))
    hasher.combine(appearances)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// Whether `button` is of a kind people press again on purpose.
  static func isRepeatable(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool {
    RepeatableNames.isRepeatable(names: names(of: button), label: label(of: button)) || isKeypadKey(button)
  }

  // MARK: Names and labels

  /// The names `button` carries, its image's and its tool button's included.
  private static func names(of button: UnsafeMutablePointer<GtkWidget>) -> [String] {
    var names = [string(button, "action-name")].compactMap { $0 }
    if let image = image(of: button) {
      names += [string(image, "icon-name"), string(image, "stock")].compactMap { $0 }
    }
    if let parent = gtk_widget_get_parent(button), GObjectType.isA(parent, gtk_tool_button_get_type()) {
      names += ["icon-name", "stock-id", "action-name"].compactMap { string(parent, $0) }
      if let action = cg_object_dup_object(parent, "related-action") {
        defer { g_object_unref(action) }
        if let name = swiftString(gtk_buildable_get_name(OpaquePointer(action))) { names.append(name) }
      }
    }
    return names
  }

  private static func string(_ object: gpointer, _ property: String) -> String? {
    guard let value = cg_object_dup_string(object, property) else { return nil }
    defer { g_free(value) }
    return String(cString: value)
  }

  private static func image(of button: UnsafeMutablePointer<GtkWidget>) -> gpointer? {
    let asButton = UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self)
    if let image = gtk_button_get_image(asButton) { return UnsafeMutableRawPointer(image) }
    return descendant(of: button, type: gtk_image_get_type())
  }

  /// The button's label as shown: mnemonic marks removed, spaces trimmed.
  static func label(of button: UnsafeMutablePointer<GtkWidget>) -> String? {
    let asButton = UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self)
    var text = swiftString(gtk_button_get_label(asButton))
    if text == nil, let label = descendant(of: button, type: gtk_label_get_type()) {
      text = swiftString(gtk_label_get_text(label.assumingMemoryBound(to: GtkLabel.self)))
    }
    return RepeatableNames.shown(text)
  }

  /// The first widget of `type` among the children and grandchildren.
  private static func descendant(of widget: UnsafeMutablePointer<GtkWidget>, type: GType) -> gpointer? {
    for child in children(of: widget) {
      if GObjectType.isA(child, type) { return UnsafeMutableRawPointer(child) }
      for grandchild in children(of: child) where GObjectType.isA(grandchild, type) {
        return UnsafeMutableRawPointer(grandchild)
      }
    }
    return nil
  }

  // MARK: Keypads

  /// Whether `button` is a keypad's key: the nearest of three ancestors with
  /// enough buttons is a keypad (``RepeatableNames/isKeypad(labels:)``).
  private static func isKeypadKey(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool {
    var ancestor = gtk_widget_get_parent(button)
    for _ in 0..<3 {
      guard let container = ancestor else { return false }
      let buttons = children(of: container).compactMap { pushButton(in: $0, depth: 2) }
      if let isKeypad = RepeatableNames.isKeypad(labels: buttons.map(label(of:))) { return isKeypad }
      ancestor = gtk_widget_get_parent(container)
    }
    return false
  }

  /// `widget` when a push button, or the one it holds alone, `depth` levels down.
  private static func pushButton(in widget: UnsafeMutablePointer<GtkWidget>, depth: Int) -> UnsafeMutablePointer<
    GtkWidget
  >? {
    if GObjectType.isA(widget, gtk_button_get_type()) {
      return GObjectType.isA(widget, gtk_toggle_button_get_type()) ? nil : widget
    }
    let inside = children(of: widget)
    guard depth > 0, inside.count == 1 else { return nil }
    return pushButton(in: inside[0], depth: depth - 1)
  }

  private static func children(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    guard GObjectType.isA(widget, gtk_container_get_type()) else { return [] }
    let container = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkContainer.self)
    guard let list = gtk_container_get_children(container) else { return [] }
    defer { g_list_free(list) }
    var children: [UnsafeMutablePointer<GtkWidget>] = []
    var node: UnsafeMutablePointer<GList>? = list
    while let current = node {
      if let data = current.pointee.data { children.append(data.assumingMemoryBound(to: GtkWidget.self)) }
      node = current.pointee.next
    }
    return children
  }
}
