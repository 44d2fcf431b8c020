import CGtk4
import ClickGuard

/// A list box whose rows are guarded: a row activated by a click, Return or
/// Space acts once per burst. Each row has its own gate, and the list's
/// settings apply to its rows.
///
/// ```swift
/// let files = ListBox()
/// files.onRowActivated { index in open(file: index) }
/// ```
@MainActor
public final class ListBox: Control {
  /// Creates an empty list box.
  public convenience init() {
    self.init(created: gtk_list_box_new())
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing list box.
  /// - Throws: ``ControlError`` when `widget` is not a GtkListBox.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_list_box_get_type(), expectedName: "GtkListBox")
  }

  /// Adds `child` as the last row (GTK wraps it in a GtkListBoxRow).
  package func append(_ child: WidgetPointer) {
    gtk_list_box_append(OpaquePointer(widget), child)
  }

  /// Runs `action` with the row's index for every activation let through.
  @discardableResult
  public func onRowActivated(_ action: @escaping @MainActor (Int) -> Void) -> ActionConnection {
    ActionConnection(
      Signal.connect(
        widget, "row-activated",
        withArgument: { _, row in
          guard let row else { return 0 }
          action(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
          return 0
        }))
  }
}
