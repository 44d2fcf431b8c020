import CGtk
import ClickGuard

/// A guarded toggle button (GtkToggleButton and subclasses). Skipped by
/// default, like every stateful control; set its `policy` to
/// `.guarded` to guard it. A dropped toggle never flips, so the widget always
/// shows what the app was told.
@MainActor
public class ToggleButton: Control {
  /// Creates a toggle button with a label.
  public convenience init(label: String) {
    self.init(created: gtk_toggle_button_new_with_label(label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing toggle button.
  /// - Throws: ``ControlError`` when `widget` is not a GtkToggleButton.
  public required init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_toggle_button_get_type(), expectedName: "GtkToggleButton")
  }

  init(adopting widget: WidgetPointer, expected: GType, name: String) throws(ControlError) {
    try super.init(adopting: widget, expected: expected, expectedName: name)
  }

  /// Runs `action` with the new state for every toggle let through.
  @discardableResult
  public func onToggle(_ action: @escaping @MainActor (Bool) -> Void) -> ActionConnection {
    let busyWatch = runtime.busyWatch
    return ActionConnection(
      Signal.connect(widget.raw, "toggled") { instance in
        let active = gtk_toggle_button_get_active(instance.assumingMemoryBound(to: GtkToggleButton.self)) != 0
        busyWatch.actionStarts(on: instance.assumingMemoryBound(to: GtkWidget.self))
        action(active)
      })
  }

  /// Runs the async `action` with the new state for every toggle let
  /// through; a guarded toggle's gate stays closed until it returns or
  /// throws. A thrown error is written to GLib's log.
  @discardableResult
  public func onToggle(_ action: @escaping @MainActor (Bool) async throws -> Void) -> ActionConnection {
    MainLoopBridge.install()
    let runtime = runtime
    return ActionConnection(
      Signal.connect(widget.raw, "toggled") { instance in
        let active = gtk_toggle_button_get_active(instance.assumingMemoryBound(to: GtkToggleButton.self)) != 0
        Self.runAsync(on: instance.assumingMemoryBound(to: GtkWidget.self), in: runtime) { try await action(active) }
      })
  }

  /// Whether the toggle is on. Setting it is a programmatic activation: it
  /// emits `toggled` and is not guarded by default.
  package var isActive: Bool {
    get { gtk_toggle_button_get_active(widget.cast()) != 0 }
    set { gtk_toggle_button_set_active(widget.cast(), newValue ? 1 : 0) }
  }
}
