import CGtk
import ClickGuard

/// A tree or icon view's rows as activations, and the items its gates last
/// accepted, so a gate guards an item rather than a position: when another
/// item is at its path, the gate is retargeted (``ClickDispatcher/retarget(_:)``).
///
/// Items are held by `GtkTreeRowReference`s, which follow their row through
/// inserts and sorting and turn invalid when it goes. Kept in the view's
/// qdata with a destroy notify; a replaced model's references are let go at
/// once, so the app's old model is never kept alive.
@MainActor
final class ViewItems {
  private struct Item {
    var action: ActionName
    var reference: OpaquePointer
  }

  /// How long a new model's rows are fresh content: about a person's fastest
  /// reaction, shorter than the double-click time, since people double-click
  /// the next folder as soon as they see it.
  static let freshRowsSettle = ClickInterval(unchecked: .milliseconds(200))

  /// Accepted items remembered per view: a gate's window lasts a moment.
  private static let limit = 8
  private static let quark = GuardRuntime.quark("clickguard-view-items")

  private let control: ControlID
  /// The runtime whose dispatcher holds the view's gates.
  private let runtime: GuardRuntime
  /// The most recent accepted items, oldest first.
  private var items: [Item] = []

  private init(view: gpointer, runtime: GuardRuntime) {
    control = ControlID(object: view)
    self.runtime = runtime
  }

  /// The state on `view`, attached now (in `runtime`) if it has none.
  private static func attached(to view: gpointer, runtime: GuardRuntime) -> ViewItems {
    let object = view.assumingMemoryBound(to: GObject.self)
    if let data = g_object_get_qdata(object, quark) {
      return Unmanaged<ViewItems>.fromOpaque(data).takeUnretainedValue()
    }
    let state = ViewItems(view: view, runtime: runtime)
    g_object_set_qdata_full(object, quark, Unmanaged.passRetained(state).toOpaque(), releaseViewItems)
    Signal.notify(view, property: "model") { view in
      guard let data = g_object_get_qdata(view.assumingMemoryBound(to: GObject.self), quark) else { return }
      let model = model(of: view)
      Unmanaged<ViewItems>.fromOpaque(data).takeUnretainedValue().keepOnly(model: model)
      // New rows under the pointer are fresh content: a burst aimed at the old rows is dropped.
      guard model != nil else { return }
      let fences = runtime.fences
      fences.appeared(
        view.assumingMemoryBound(to: GtkWidget.self),
        defaults: FenceSettings(isEnabled: fences.settings.isEnabled, settle: freshRowsSettle), managed: false)
    }
    return state
  }

  // MARK: Activations

  /// The cursor row's activation by `select-cursor-row` (Return), when it
  /// would activate: focused, Shift up (Shift+Return extends the selection),
  /// a key press, and no editable or activatable cell (Return would use it).
  static func cursorRowActivation(of view: gpointer, input tracker: InputTracker) -> ActivationTarget? {
    let tree = view.assumingMemoryBound(to: GtkTreeView.self)
    var path: OpaquePointer?
    var column: UnsafeMutablePointer<GtkTreeViewColumn>?
    gtk_tree_view_get_cursor(tree, &path, &column)
    guard let path else { return nil }
    defer { gtk_tree_path_free(path) }
    guard gtk_widget_has_focus(view.assumingMemoryBound(to: GtkWidget.self)) != 0, !hasInteractiveCell(tree),
      let event = tracker.current, event.isKeyPress, event.modifiers & GDK_SHIFT_MASK.rawValue == 0
    else { return nil }
    return activation(
      of: path, in: view, signal: "row-activated", input: tracker.attribution(of: .key(event)), runtime: tracker.runtime
    )
  }

  /// The cursor item's activation by `activate-cursor-item` (Return, Space).
  static func cursorItemActivation(of view: gpointer, input tracker: InputTracker) -> ActivationTarget? {
    var path: OpaquePointer?
    guard gtk_icon_view_get_cursor(view.assumingMemoryBound(to: GtkIconView.self), &path, nil) != 0, let path else {
      return nil
    }
    defer { gtk_tree_path_free(path) }
    let input = tracker.attribution(of: .focusActivation)
    return activation(of: path, in: view, signal: "item-activated", input: input, runtime: tracker.runtime)
  }

  /// The activation of the item at `path` of `view` as `signal`, by
  /// keyboard or mouse: the view is the control and the action names the
  /// path (`row-activated 1`), so another row is another gate; that gate
  /// is retargeted first when the row at its path is another item than
  /// the one it accepted. The view's items are kept in `runtime`.
  static func activation(
    of path: OpaquePointer, in view: gpointer, signal: String, input: InputAttribution, runtime: GuardRuntime
  ) -> ActivationTarget {
    let position = pathString(path)
    let action = ActionName("\(signal) \(position)")
    guard let model = model(of: view) else { return ActivationTarget(widget: view, action: action, input: input) }
    let items = attached(to: view, runtime: runtime)
    items.retargetIfAnotherItem(at: path, action: action, in: model)
    return ActivationTarget(
      widget: view, action: action, input: input,
      accepted: {
        // Judged and accepted before GTK acts: the row is still at `position`.
        guard let accepted = gtk_tree_path_new_from_string(position) else { return }
        defer { gtk_tree_path_free(accepted) }
        items.accepted(at: accepted, action: action, in: model)
      })
  }

  /// Whether any cell is one Return edits or toggles instead of activating the row.
  private static func hasInteractiveCell(_ tree: UnsafeMutablePointer<GtkTreeView>) -> Bool {
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

  private static func pathString(_ path: OpaquePointer) -> String {
    guard let text = gtk_tree_path_to_string(path) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }

  // MARK: Items

  static func model(of view: gpointer) -> OpaquePointer? {
    if GObjectType.isA(view, gtk_tree_view_get_type()) {
      return gtk_tree_view_get_model(view.assumingMemoryBound(to: GtkTreeView.self))
    }
    return gtk_icon_view_get_model(view.assumingMemoryBound(to: GtkIconView.self))
  }

  /// Retargets the gate `action` when another item than it accepted is at `path`.
  private func retargetIfAnotherItem(at path: OpaquePointer, action: ActionName, in model: OpaquePointer) {
    guard let index = items.firstIndex(where: { $0.action == action }) else { return }
    let reference = items[index].reference
    let isSame =
      gtk_tree_row_reference_valid(reference) != 0 && gtk_tree_row_reference_get_model(reference) == model
      && isPath(of: reference, equalTo: path)
    if !isSame { forgetItem(at: index) }
  }

  func accepted(at path: OpaquePointer, action: ActionName, in model: OpaquePointer) {
    if let index = items.firstIndex(where: { $0.action == action }) { forget(at: index) }
    keepOnly(model: model)
    guard let reference = gtk_tree_row_reference_new(model, path) else { return }
    items.append(Item(action: action, reference: reference))
    if items.count > Self.limit { forget(at: 0) }
  }

  /// Lets go of the items of any model but `model`, the one the view shows.
  private func keepOnly(model: OpaquePointer?) {
    while let index = items.firstIndex(where: { gtk_tree_row_reference_get_model($0.reference) != model }) {
      forgetItem(at: index)
    }
  }

  private func forgetItem(at index: Int) {
    runtime.dispatcher.retarget(.control(control, items[index].action))
    forget(at: index)
  }

  private func isPath(of reference: OpaquePointer, equalTo path: OpaquePointer) -> Bool {
    guard let current = gtk_tree_row_reference_get_path(reference) else { return false }
    defer { gtk_tree_path_free(current) }
    return gtk_tree_path_compare(current, path) == 0
  }

  private func forget(at index: Int) {
    gtk_tree_row_reference_free(items.remove(at: index).reference)
  }

  fileprivate func viewFinalized() {
    while !items.isEmpty { forget(at: 0) }
  }
}

/// The qdata destroy notify: the view is being finalized, on the main thread.
private let releaseViewItems: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  let state = Unmanaged<ViewItems>.fromOpaque(data)
  MainActor.assumeIsolated { state.takeUnretainedValue().viewFinalized() }
  state.release()
}
