import CGtk
import ClickGuard

/// Judges the keyboard activation of a GtkTreeView row (Return:
/// `select-cursor-row`) and of a GtkIconView item (Return, Space:
/// `activate-cursor-item`).
///
/// Both are keybinding signals whose class handler does the activation
/// (select the cursor row, then emit `row-activated`; activate the cursor
/// item's cells, then emit `item-activated`), so a class-handler override
/// runs before anything of it. A drop does not chain up, stops the emission
/// and reports the key as handled. Only presses that would activate are
/// judged: a tree view with an editable or activatable cell (Return starts
/// editing or toggles it) and Shift+Return (which extends the selection)
/// are left alone, as is anything without a cursor.
///
/// Rows and items are not widgets: the control is the view, and the action
/// names the cursor's path (`row-activated 1`), so another row is another
/// gate.
@MainActor
final class TreeActivationInterceptor {
  /// Installs the overrides.
  func install() {
    for type in [gtk_tree_view_get_type(), gtk_icon_view_get_type()] {
      g_type_class_unref(g_type_class_ref(type))
    }
    cg_override_class_handler_boolean_boolean("select-cursor-row", gtk_tree_view_get_type(), treeViewOverride)
    cg_override_class_handler_boolean("activate-cursor-item", gtk_icon_view_get_type(), iconViewOverride)
  }

  /// GtkTreeView's `select-cursor-row`: judged when it would activate the
  /// cursor row.
  fileprivate func selectCursorRow(_ view: gpointer, startEditing: gboolean) -> gboolean {
    let tree = view.assumingMemoryBound(to: GtkTreeView.self)
    var path: OpaquePointer?
    var column: UnsafeMutablePointer<GtkTreeViewColumn>?
    gtk_tree_view_get_cursor(tree, &path, &column)
    guard let path else { return cg_chain_up_boolean_boolean(view, startEditing) }
    defer { gtk_tree_path_free(path) }
    let widget = view.assumingMemoryBound(to: GtkWidget.self)
    guard gtk_widget_has_focus(widget) != 0, !hasInteractiveCell(tree), let event = keyPress(), !extends(event)
    else { return cg_chain_up_boolean_boolean(view, startEditing) }
    let action = ActionName("row-activated \(pathString(path))")
    guard ActivationJudge.allows(view, action: action, input: ActivationJudge.keyAttribution(event.pointer)) else {
      g_signal_stop_emission_by_name(view, "select-cursor-row")
      return 1
    }
    return cg_chain_up_boolean_boolean(view, startEditing)
  }

  /// GtkIconView's `activate-cursor-item`: judged when there is a cursor
  /// item.
  fileprivate func activateCursorItem(_ view: gpointer) -> gboolean {
    let icons = view.assumingMemoryBound(to: GtkIconView.self)
    var path: OpaquePointer?
    guard gtk_icon_view_get_cursor(icons, &path, nil) != 0, let path else { return cg_chain_up_boolean(view) }
    defer { gtk_tree_path_free(path) }
    let input = keyPress().map { ActivationJudge.keyAttribution($0.pointer) } ?? .programmatic
    let action = ActionName("item-activated \(pathString(path))")
    guard ActivationJudge.allows(view, action: action, input: input) else {
      g_signal_stop_emission_by_name(view, "activate-cursor-item")
      return 1
    }
    return cg_chain_up_boolean(view)
  }

  /// A copy of the key press GTK is handling, freed with the value.
  private func keyPress() -> CurrentEvent? {
    guard let event = gtk_get_current_event() else { return nil }
    let current = CurrentEvent(pointer: event)
    return gdk_event_get_event_type(event) == GDK_KEY_PRESS ? current : nil
  }

  /// Whether Shift is down: GtkTreeView then extends the selection and
  /// does not activate.
  private func extends(_ event: CurrentEvent) -> Bool {
    var state = GdkModifierType(0)
    gdk_event_get_state(event.pointer, &state)
    return state.rawValue & GDK_SHIFT_MASK.rawValue != 0
  }

  /// Whether any column of the view has a cell that Return edits or
  /// toggles instead of activating the row.
  private func hasInteractiveCell(_ tree: UnsafeMutablePointer<GtkTreeView>) -> Bool {
    let columns = gtk_tree_view_get_columns(tree)
    defer { g_list_free(columns) }
    var node = columns
    while let current = node {
      let cells = gtk_cell_layout_get_cells(OpaquePointer(current.pointee.data))
      defer { g_list_free(cells) }
      var cell = cells
      while let each = cell {
        if let renderer = each.pointee.data,
          cg_object_get_int(renderer, "mode") != Int32(GTK_CELL_RENDERER_MODE_INERT.rawValue)
        {
          return true
        }
        cell = each.pointee.next
      }
      node = current.pointee.next
    }
    return false
  }

  private func pathString(_ path: OpaquePointer) -> String {
    guard let text = gtk_tree_path_to_string(path) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }
}

/// A copy of the event GTK is handling, freed when the value goes.
@MainActor
private final class CurrentEvent {
  let pointer: UnsafeMutablePointer<GdkEvent>

  init(pointer: UnsafeMutablePointer<GdkEvent>) {
    self.pointer = pointer
  }

  isolated deinit {
    gdk_event_free(pointer)
  }
}

/// GtkTreeView's `select-cursor-row` class-handler override.
private let treeViewOverride: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = {
  instance, startEditing, _ in
  guard let instance else { return 0 }
  // GTK emits keybinding signals on its own thread, the main one.
  let view = CallbackArgument(instance)
  return MainActor.assumeIsolated {
    GuardRuntime.shared.treeActivations.selectCursorRow(view.value, startEditing: startEditing)
  }
}

/// GtkIconView's `activate-cursor-item` class-handler override.
private let iconViewOverride: @convention(c) (gpointer?, gpointer?) -> gboolean = { instance, _ in
  guard let instance else { return 0 }
  let view = CallbackArgument(instance)
  return MainActor.assumeIsolated { GuardRuntime.shared.treeActivations.activateCursorItem(view.value) }
}
