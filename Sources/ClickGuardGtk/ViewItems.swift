import CGtk
import ClickGuard

/// The items a tree or icon view's gates last accepted, so that a gate
/// guards an item rather than a position (``TreeActivationInterceptor``).
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

  /// How many accepted items are remembered per view.
  private static let limit = 8
  private static let quark = g_quark_from_string("clickguard-view-items")

  /// The most recent accepted items, oldest first.
  private var items: [Item] = []

  private init() {}

  /// The state on `view`, attached now if it has none.
  static func attached(to view: gpointer) -> ViewItems {
    let object = view.assumingMemoryBound(to: GObject.self)
    if let data = g_object_get_qdata(object, quark) {
      return Unmanaged<ViewItems>.fromOpaque(data).takeUnretainedValue()
    }
    let state = ViewItems()
    g_object_set_qdata_full(object, quark, Unmanaged.passRetained(state).toOpaque(), releaseViewItems)
    Signal.notify(view, property: "model") { view in
      guard let data = g_object_get_qdata(view.assumingMemoryBound(to: GObject.self), quark) else { return }
      Unmanaged<ViewItems>.fromOpaque(data).takeUnretainedValue().keepOnly(model: model(of: view))
    }
    return state
  }

  /// The model of a tree view or an icon view.
  static func model(of view: gpointer) -> OpaquePointer? {
    if GObjectType.isA(view, gtk_tree_view_get_type()) {
      return gtk_tree_view_get_model(view.assumingMemoryBound(to: GtkTreeView.self))
    }
    return gtk_icon_view_get_model(view.assumingMemoryBound(to: GtkIconView.self))
  }

  /// Whether the row at `path` of `model` is another item than the one the
  /// gate `action` last accepted; `false` when it accepted none remembered.
  /// The answer is given once: that item is forgotten then.
  func isAnotherItem(at path: OpaquePointer, action: ActionName, in model: OpaquePointer) -> Bool {
    guard let index = items.firstIndex(where: { $0.action == action }) else { return false }
    let reference = items[index].reference
    let isSame =
      gtk_tree_row_reference_valid(reference) != 0 && gtk_tree_row_reference_get_model(reference) == model
      && isPath(of: reference, equalTo: path)
    if !isSame { forget(at: index) }
    return !isSame
  }

  /// The gate `action` accepted the row at `path` of `model`.
  func accepted(at path: OpaquePointer, action: ActionName, in model: OpaquePointer) {
    if let index = items.firstIndex(where: { $0.action == action }) { forget(at: index) }
    keepOnly(model: model)
    guard let reference = gtk_tree_row_reference_new(model, path) else { return }
    items.append(Item(action: action, reference: reference))
    if items.count > Self.limit { forget(at: 0) }
  }

  /// Lets go of the items of any model but `model`.
  private func keepOnly(model: OpaquePointer?) {
    while let index = items.firstIndex(where: { gtk_tree_row_reference_get_model($0.reference) != model }) {
      forget(at: index)
    }
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
