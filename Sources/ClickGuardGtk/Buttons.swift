// Button, ToggleButton, CheckButton and RadioButton: wrappers for the
// GtkButton family. Their activations are judged in the `clicked` class
// handler (see ClickInterceptor); the closures attached here run only for
// activations let through.

import CGtk
import ClickGuard

/// A guarded push button: GtkButton and the push-button subclasses a user
/// meets (GtkLinkButton, GtkModelButton, …).
///
/// ```swift
/// let open = Button(label: "Open details")
/// open.onClick { navigator.push("details") }
/// open.onClick { await loadThenPush() }   // gate closed until done
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

  /// Wraps an existing button (for example one loaded from a GtkBuilder
  /// file).
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
  /// closed until it completes (or the maximum busy time passes).
  @discardableResult
  public func onClick(_ action: @escaping @MainActor () async -> Void) -> ActionConnection {
    connectAsync("clicked", action)
  }

  /// The button's label.
  public var label: String {
    get { swiftString(gtk_button_get_label(widget.cast())) ?? "" }
    set { gtk_button_set_label(widget.cast(), newValue) }
  }

  /// Emits `clicked` as the app's own code would (`gtk_button_clicked`).
  public func click() {
    gtk_button_clicked(widget.cast())
  }
}

/// A guarded toggle button (GtkToggleButton and subclasses). Skipped by
/// default, like every stateful control; set ``Control/policy`` to
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
  public init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_toggle_button_get_type(), expectedName: "GtkToggleButton")
  }

  init(adopting widget: WidgetPointer, expected: GType, name: String) throws(ControlError) {
    try super.init(adopting: widget, expected: expected, expectedName: name)
  }

  /// Runs `action` with the new state for every toggle let through.
  @discardableResult
  public func onToggle(_ action: @escaping @MainActor (Bool) -> Void) -> ActionConnection {
    ActionConnection(
      Signal.connect(widget.raw, "toggled") { instance in
        action(gtk_toggle_button_get_active(instance.assumingMemoryBound(to: GtkToggleButton.self)) != 0)
      })
  }

  /// Runs the async `action` with the new state for every toggle let
  /// through; a guarded toggle's gate stays closed until it completes.
  @discardableResult
  public func onToggle(_ action: @escaping @MainActor (Bool) async -> Void) -> ActionConnection {
    MainLoopBridge.install()
    return ActionConnection(
      Signal.connect(widget.raw, "toggled") { instance in
        let active = gtk_toggle_button_get_active(instance.assumingMemoryBound(to: GtkToggleButton.self)) != 0
        let hold = TicketHold.holdCurrentActivation()
        Task { @MainActor in
          await action(active)
          hold?.release()
        }
      })
  }

  /// Whether the toggle is on. Setting it is a programmatic activation: it
  /// emits `toggled` and is not guarded by default.
  public var isActive: Bool {
    get { gtk_toggle_button_get_active(widget.cast()) != 0 }
    set { gtk_toggle_button_set_active(widget.cast(), newValue ? 1 : 0) }
  }
}

/// A guarded check button (skipped by default, like every toggle).
@MainActor
public final class CheckButton: ToggleButton {
  /// Creates a check button with a label.
  public convenience init(label: String) {
    self.init(created: gtk_check_button_new_with_label(label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing check button.
  /// - Throws: ``ControlError`` when `widget` is not a GtkCheckButton.
  public override init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_check_button_get_type(), name: "GtkCheckButton")
  }
}

/// A guarded radio button. Groups keep working when guarded: the radio's
/// nested click on the previously active member is a consequence of the
/// judged click and is never dropped.
@MainActor
public final class RadioButton: ToggleButton {
  /// Creates a radio button with a label, joining `group`'s group if given.
  public convenience init(label: String, joining group: RadioButton? = nil) {
    self.init(created: gtk_radio_button_new_with_label_from_widget(group?.widget.cast(), label))
  }

  override init(created widget: WidgetPointer) {
    super.init(created: widget)
  }

  /// Wraps an existing radio button.
  /// - Throws: ``ControlError`` when `widget` is not a GtkRadioButton.
  public override init(adopting widget: WidgetPointer) throws(ControlError) {
    try super.init(adopting: widget, expected: gtk_radio_button_get_type(), name: "GtkRadioButton")
  }
}
