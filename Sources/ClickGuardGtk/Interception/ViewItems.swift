import CGtk
import ClickGuard

/// A tree or icon view's rows as activations: Return on the cursor row
/// (rows of ``ActivationPaths/table``), a double-click
/// (``ViewDoubleClicks``), and the items the view's gates last accepted, so
/// that a gate guards an item rather than a position: when the row at its
/// path is another item (a new folder shown in the same view, rows sorted
/// or removed), its window no longer applies, while input made before the
/// accepted action finished still counts as that action's burst
/// (``ClickDispatcher/retarget(_:)``).
///
/// Each accepted item is held by a `GtkTreeRowReference`, which GTK keeps
/// pointing at that row through inserts, removals and sorting, and which
/// turns invalid when the row goes (a new folder shown in the same view).
/// A few suffice: a gate's window lasts a moment. Kept in the view's qdata
/// with a destroy notify, so it goes with the view; the references of a
/// model the view no longer shows are let go when the view's model changes,
/// so ClickGuard never keeps the app's old model alive.
@MainActor
final class ViewItems {
  /// An accepted item: the gate's action and the row it was accepted for.
  private struct Item {
    var action: ActionName
    var reference: OpaquePointer
  }

  /// How long new rows (a model the view shows instead of another) are
  /// fresh content: 200 ms, about the fastest a person reacts to rows that
  /// appeared. Shorter than the fence's usual double-click time, since
  /// people double-click the next folder of a file manager as soon as they
  /// see it.
  static let freshRowsSettle = ClickInterval(unchecked: .milliseconds(200))

  /// How many accepted items are remembered per view.
  private static let limit = 8
  private static let quark = GuardRuntime.quark("clickguard-view-items")

  /// The view, as the dispatcher knows it.
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
      // New rows under the pointer: fresh content, for a person's fastest
      // reaction to them (the rest of a burst aimed at the old rows is
      // dropped; a double-click on a new row a moment later acts).
      guard model != nil else { return }
      let fences = runtime.fences
      fences.appeared(
        view.assumingMemoryBound(to: GtkWidget.self),
        defaults: FenceSettings(isEnabled: fences.settings.isEnabled, settle: freshRowsSettle), managed: false)
    }
    return state
  }

  // MARK: Activations

  /// The activation of the tree view's cursor row by `select-cursor-row`
  /// (Return), when it would activate: the view has the focus and a cursor,
  /// Shift is up (Shift+Return extends the selection), a key press is being
  /// handled, and no cell is editable or activatable (Return would edit or
  /// toggle it).
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
      of: path, in: view, signal: "row-activated", input: tracker.keyAttribution(event), runtime: tracker.runtime)
  }

  /// The activation of the icon view's cursor item by
  /// `activate-cursor-item` (Return, Space), when it has a cursor.
  static func cursorItemActivation(of view: gpointer, input tracker: InputTracker) -> ActivationTarget? {
    var path: OpaquePointer?
    guard gtk_icon_view_get_cursor(view.assumingMemoryBound(to: GtkIconView.self), &path, nil) != 0, let path else {
      return nil
    }
    defer { gtk_tree_path_free(path) }
    let input = tracker.current.flatMap { $0.isKeyPress ? tracker.keyAttribution($0) : nil } ?? .programmatic
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

  /// Whether any column of the view has a cell that Return edits or
  /// toggles instead of activating the row.
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

  /// The model of a tree view or an icon view.
  static func model(of view: gpointer) -> OpaquePointer? {
    if GObjectType.isA(view, gtk_tree_view_get_type()) {
      return gtk_tree_view_get_model(view.assumingMemoryBound(to: GtkTreeView.self))
    }
    return gtk_icon_view_get_model(view.assumingMemoryBound(to: GtkIconView.self))
  }

  /// Retargets the gate `action` when the row at `path` of `model` is
  /// another item than the one it last accepted (``ClickDispatcher/retarget(_:)``),
  /// and forgets that item then.
  private func retargetIfAnotherItem(at path: OpaquePointer, action: ActionName, in model: OpaquePointer) {
    guard let index = items.firstIndex(where: { $0.action == action }) else { return }
    let reference = items[index].reference
    let isSame =
      gtk_tree_row_reference_valid(reference) != 0 && gtk_tree_row_reference_get_model(reference) == model
      && isPath(of: reference, equalTo: path)
    if !isSame { forgetItem(at: index) }
  }

  /// The gate `action` accepted the row at `path` of `model`.
  func accepted(at path: OpaquePointer, action: ActionName, in model: OpaquePointer) {
    if let index = items.firstIndex(where: { $0.action == action }) { forget(at: index) }
    keepOnly(model: model)
    guard let reference = gtk_tree_row_reference_new(model, path) else { return }
    items.append(Item(action: action, reference: reference))
    if items.count > Self.limit { forget(at: 0) }
  }

  /// Lets go of the items of any model but `model`: the view shows another
  /// model, so what their gates accepted is gone.
  private func keepOnly(model: OpaquePointer?) {
    while let index = items.firstIndex(where: { gtk_tree_row_reference_get_model($0.reference) != model }) {
      forgetItem(at: index)
    }
  }

  /// The item at `index` is no longer what its gate guards: its window no
  /// longer applies.
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

/// The qdata destroy notify: the view is being finalized.
private let releaseViewItems: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  let state = Unmanaged<ViewItems>.fromOpaque(data)
  // GTK finalizes widgets on its own thread, the main one.
  MainActor.assumeIsolated { state.takeUnretainedValue().viewFinalized() }
  state.release()
}
