import CGtk4
import ClickGuard

/// What the repeat rule reads of a pressed GTK 4 button (``RepeatFacts``):
/// its names and label, judged by the core's ``RepeatableNames``, whether it
/// is in place, its scene (its window).
@MainActor
enum RepeatableControls {
  /// The facts of `button` now; whether it is repeatable is kept on `state`.
  static func facts(of button: gpointer, state: WidgetGuardState?) -> RepeatFacts {
    let widget = button.assumingMemoryBound(to: GtkWidget.self)
    let repeatable: Bool
    if let kept = state?.isRepeatable {
      repeatable = kept
    } else {
      repeatable = isRepeatable(widget)
      state?.isRepeatable = repeatable
    }
    let isInPlace = gtk_widget_get_mapped(widget) != 0 && gtk_widget_is_sensitive(widget) != 0
    var scene = Hasher()
    scene.combine(UInt(bitPattern: gtk_widget_get_root(widget)))
    return RepeatFacts(
      isRepeatable: repeatable, isInPlace: isInPlace, scene: UInt64(bitPattern: Int64(scene.finalize())))
  }

  /// Whether `button` is of a kind people press again on purpose.
  static func isRepeatable(_ button: WidgetPointer) -> Bool {
    RepeatableNames.isRepeatable(names: names(of: button), label: label(of: button)) || isKeypadKey(button)
  }

  /// The names `button` carries: its GAction's, its icon's, its image's.
  private static func names(of button: WidgetPointer) -> [String] {
    var names: [String] = []
    if let action = gtk_actionable_get_action_name(OpaquePointer(button)) { names.append(String(cString: action)) }
    if let icon = gtk_button_get_icon_name(button.cast()) { names.append(String(cString: icon)) }
    if let image = descendant(of: button, type: gtk_image_get_type()),
      let icon = gtk_image_get_icon_name(OpaquePointer(image))
    {
      names.append(String(cString: icon))
    }
    return names
  }

  /// The button's label as shown, its own or its child label's.
  private static func label(of button: WidgetPointer) -> String? {
    var text = swiftString(gtk_button_get_label(button.cast()))
    if text == nil, let label = descendant(of: button, type: gtk_label_get_type()) {
      text = swiftString(gtk_label_get_text(OpaquePointer(label)))
    }
    return RepeatableNames.shown(text)
  }

  /// The first widget of `type` among the children and grandchildren.
  private static func descendant(of widget: WidgetPointer, type: GType) -> WidgetPointer? {
    for child in children(of: widget) {
      if GObjectType.isA(child, type) { return child }
      for grandchild in children(of: child) where GObjectType.isA(grandchild, type) { return grandchild }
    }
    return nil
  }

  /// Whether `button` is a keypad's key: the nearest of three ancestors with
  /// enough buttons is a keypad (``RepeatableNames/isKeypad(labels:)``).
  private static func isKeypadKey(_ button: WidgetPointer) -> Bool {
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
  private static func pushButton(in widget: WidgetPointer, depth: Int) -> WidgetPointer? {
    if GObjectType.isA(widget, gtk_button_get_type()) {
      return GObjectType.isA(widget, gtk_toggle_button_get_type()) ? nil : widget
    }
    let inside = children(of: widget)
    guard depth > 0, inside.count == 1 else { return nil }
    return pushButton(in: inside[0], depth: depth - 1)
  }

  private static func children(of widget: WidgetPointer) -> [WidgetPointer] {
    var children: [WidgetPointer] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      children.append(current)
      child = gtk_widget_get_next_sibling(current)
    }
    return children
  }
}
