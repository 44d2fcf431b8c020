import CGtk4
import ClickGuard

/// A guarded GTK 4 push button (GtkButton and its subclasses).
///
/// ```swift
/// let open = Button(label: "Open details")
/// open.onClick { showDetails() }
/// open.onClick { await loadThenShow() }   // gate closed until done
/// ```
@MainActor
public final class Button: Control {
  /// Creates a button with a label.
  public convenience init(label: String) {
    self.init(created: gtk_button_new_with_label(label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing button (for example one loaded from a GtkBuilder file).
  /// - Throws: ``ControlError`` when `widget` is not a GtkButton.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_button_get_type(), expectedName: "GtkButton")
  }

  /// Runs `action` for every click let through.
  @discardableResult
  public func onClick(_ action: @escaping @MainActor () -> Void) -> ActionConnection {
    connect("clicked", action)
  }

  /// Runs the async `action` for every click let through; the gate stays
  /// closed until it returns or throws (or the maximum busy time passes). A
  /// thrown error is written to GLib's log.
  @discardableResult
  public func onClick(_ action: @escaping @MainActor () async throws -> Void) -> ActionConnection {
    connectAsync("clicked", action)
  }
}
