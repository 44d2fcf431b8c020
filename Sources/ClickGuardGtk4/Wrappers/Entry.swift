import CGtk4
import ClickGuard

/// A guarded one-line text entry: Return submits once per burst; typing
/// and editing keys are never judged.
///
/// ```swift
/// let search = Entry()
/// search.onActivate { runSearch(search.text) }
/// ```
@MainActor
public final class Entry: Control {
  /// Creates an empty entry.
  public convenience init() {
    self.init(created: gtk_entry_new())
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing entry.
  /// - Throws: ``ControlError`` when `widget` is not a GtkEntry.
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_entry_get_type(), expectedName: "GtkEntry")
  }

  /// Runs `action` for every Return let through (`activate`).
  @discardableResult
  public func onActivate(_ action: @escaping @MainActor () -> Void) -> ActionConnection {
    connect("activate", action)
  }

  /// Runs the async `action` for every Return let through; the gate stays
  /// closed until it returns or throws (or the maximum busy time passes).
  @discardableResult
  public func onActivate(_ action: @escaping @MainActor () async throws -> Void) -> ActionConnection {
    connectAsync("activate", action)
  }

  /// The entry's text.
  public var text: String {
    get { swiftString(gtk_editable_get_text(OpaquePointer(widget))) ?? "" }
    set { gtk_editable_set_text(OpaquePointer(widget), newValue) }
  }
}
