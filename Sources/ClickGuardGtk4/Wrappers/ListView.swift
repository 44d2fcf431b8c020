import CGtk4
import ClickGuard

/// A list view whose items are guarded: an item activated by Return (or a
/// click, with single-click activation) acts once per burst. Each item of
/// the model has its own gate, and the view's settings apply to its items.
///
/// ```swift
/// let files = try ListView(adopting: view)
/// files.onActivate { position in open(file: position) }
/// ```
@MainActor
public final class ListView: Control {
  /// Wraps an existing list view (GTK 4 builds one from a model and a factory).
  /// - Throws: ``ControlError`` when `widget` is not a GtkListView.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_list_view_get_type(), expectedName: "GtkListView")
  }

  /// Runs `action` with the item's position for every activation let through.
  @discardableResult
  public func onActivate(_ action: @escaping @MainActor (Int) -> Void) -> ActionConnection {
    ActionConnection(Signal.connect(widget, "activate", uint: { _, position in action(Int(position)) }))
  }
}
