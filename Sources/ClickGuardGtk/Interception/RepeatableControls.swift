import CGtk
import ClickGuard

/// What the repeat rule reads of a button when a person presses it
/// (``RepeatFacts``): whether it is of a kind people press again on
/// purpose, whether it is still in place, and the scene around it.
///
/// A button is repeatable when it is a key of a keypad (the nearest
/// container holding several buttons has mostly one-character labels:
/// every button of it is a key, "DEL" too), a stepper or arrow (`+`, `-`,
/// `−`, `›`, `‹`), a label that says undo, redo or zoom, or when its
/// GAction, GtkAction, icon or stock name says undo, redo, zoom,
/// next, previous, forward, back, go up or go down, increase or decrease
/// (a tool button's names count for its inner button).
@MainActor
enum RepeatableControls {
  /// Words in a control's names that make it one people press again.
  nonisolated private static let repeatWords: Set<String> = [
    "undo", "redo", "zoom", "next", "previous", "prev", "forward", "back", "backward", "increase", "decrease",
  ]
  /// Words of a label that make it repeatable.
  private static let labelWords: Set<String> = ["undo", "redo", "zoom", "increase", "decrease"]
  /// Words that make it repeatable only after `go` (`go-up`, `go-down`).
  nonisolated private static let directionWords: Set<String> = ["up", "down"]
  /// One-character labels of steppers and of next and previous arrows.
  private static let stepperLabels: Set<String> = ["+", "-", "−", "–", "›", "‹", "»", "«", "<", ">", "→", "←"]
  /// The fewest buttons a container needs to be taken for a keypad.
  private static let keypadButtons = 6

  /// The facts of `button` now, after fresh content appeared `appearances`
  /// times in the process (``ContentFence/appearances``); whether it is
  /// repeatable is asked once and kept on its `state`.
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

  /// What the person sees around `widget`: its window, and how much fresh
  /// content has appeared in the process (`appearances`).
  static func scene(of widget: UnsafeMutablePointer<GtkWidget>, appearances: UInt64) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(UInt(bitPattern: gtk_widget_get_toplevel(widget)))
    hasher.combine(appearances)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// Whether `button` is of a kind people press again on purpose.
  static func isRepeatable(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool {
    if names(of: button).contains(where: isRepeatName) { return true }
    // A label that says undo, redo or zoom counts as a name ("Zoom In"); a
    // worded "Next" or "Back" is as often a wizard's or a form's step.
    if let label = label(of: button),
      stepperLabels.contains(label) || words(of: label).contains(where: labelWords.contains)
    {
      return true
    }
    return isKeypadKey(button)
  }

  /// Whether a name (`win.next-change`, `EditUndo`, `go-up-symbolic`)
  /// says its action is one people repeat.
  nonisolated static func isRepeatName(_ name: String) -> Bool {
    let words = Self.words(of: name)
    if words.contains(where: repeatWords.contains) { return true }
    return words.contains("go") && words.contains(where: directionWords.contains)
  }

  /// The lowercase words of a name, split at punctuation and where a
  /// lowercase letter meets an uppercase one.
  nonisolated static func words(of name: String) -> [String] {
    var words: [String] = []
    var word = ""
    var previousIsLower = false
    for character in name {
      guard character.isLetter || character.isNumber else {
        if !word.isEmpty { words.append(word) }
        word = ""
        previousIsLower = false
        continue
      }
      if character.isUppercase && previousIsLower {
        words.append(word)
        word = ""
      }
      word += character.lowercased()
      previousIsLower = character.isLowercase
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  // MARK: Names and labels

  /// The names `button` carries: its GAction, its image's icon, and those
  /// of the tool button it is the inside of (icon, stock id, GAction,
  /// GtkAction).
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

  /// A string property of `object`, if its class has one.
  private static func string(_ object: gpointer, _ property: String) -> String? {
    guard let value = cg_object_dup_string(object, property) else { return nil }
    defer { g_free(value) }
    return String(cString: value)
  }

  /// The button's image: its `image` property, or an image among its
  /// child and the child's children.
  private static func image(of button: UnsafeMutablePointer<GtkWidget>) -> gpointer? {
    let asButton = UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self)
    if let image = gtk_button_get_image(asButton) { return UnsafeMutableRawPointer(image) }
    return descendant(of: button, type: gtk_image_get_type())
  }

  /// The button's label as a person reads it (mnemonic marks removed,
  /// spaces trimmed), if it shows one.
  static func label(of button: UnsafeMutablePointer<GtkWidget>) -> String? {
    let asButton = UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self)
    var text = swiftString(gtk_button_get_label(asButton))
    if text == nil, let label = descendant(of: button, type: gtk_label_get_type()) {
      text = swiftString(gtk_label_get_text(label.assumingMemoryBound(to: GtkLabel.self)))
    }
    guard let text else { return nil }
    let shown = String(text.filter { $0 != "_" }.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace))
    return shown.isEmpty ? nil : String(shown.reversed())
  }

  /// The first widget of `type` among `widget`'s child and that child's
  /// children.
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

  /// Whether `button` is a key of a keypad: the nearest of its three
  /// closest ancestors that holds at least ``keypadButtons`` buttons among
  /// its own children (a button, or one wrapped alone in a container) has
  /// mostly buttons with one-character labels. A button beside a keypad,
  /// not in it, is no key.
  private static func isKeypadKey(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool {
    var ancestor = gtk_widget_get_parent(button)
    for _ in 0..<3 {
      guard let container = ancestor else { return false }
      let buttons = children(of: container).compactMap { pushButton(in: $0, depth: 2) }
      if buttons.count >= keypadButtons {
        let keys = buttons.filter { label(of: $0).map { $0.count == 1 } ?? false }.count
        return keys * 2 > buttons.count
      }
      ancestor = gtk_widget_get_parent(container)
    }
    return false
  }

  /// `widget` when it is a push button (not a toggle), or the push button
  /// it holds alone, `depth` levels down.
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

  /// The children of `widget`, when it is a container.
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
