import CGtk
import ClickGuard

/// A guarded GTK control.
///
/// Create one or adopt an existing widget: its activations are judged by
/// ``GtkClickGuard/dispatcher`` with or without ``GlobalGuard``. Settings live
/// on the widget (qdata), so they outlive the wrapper, which holds a reference.
@MainActor
public class Control {
  /// The wrapped widget.
  public let widget: WidgetPointer
  let state: WidgetGuardState

  init(adopting widget: WidgetPointer, expected: GType, expectedName: String) throws(ControlError) {
    guard GObjectType.isA(widget.raw, expected) else {
      let isObject = GObjectType.isA(widget.raw, g_object_get_type())
      let actual = isObject ? swiftString(g_type_name(cg_type_of(widget.raw))) : nil
      throw ControlError(expected: expectedName, actual: actual ?? "NULL")
    }
    self.widget = widget
    state = Self.takeOver(widget)
  }

  init(created widget: WidgetPointer) {
    self.widget = widget
    state = Self.takeOver(widget)
  }

  private static func takeOver(_ widget: WidgetPointer) -> WidgetGuardState {
    g_object_ref_sink(widget.raw)
    GtkClickGuard.prepare()
    let state = WidgetGuardState.attached(to: widget.raw)
    state.isWrapped = true
    return state
  }

  isolated deinit {
    g_object_unref(widget.raw)
  }

  /// The control's own settings (stored on the widget).
  public var settings: ControlSettings {
    get { state.settings }
    set { state.settings = newValue }
  }

  /// Opt in, opt out, or follow the kind filter.
  public var policy: ControlPolicy {
    get { state.settings.policy }
    set { state.settings.policy = newValue }
  }

  /// This control's interval; `nil` follows the global one.
  public var interval: ClickInterval? {
    get { state.settings.interval }
    set { state.settings.interval = newValue }
  }

  /// The group whose gate this control shares; `nil` for its own gate.
  public var group: GroupKey? {
    get { state.settings.group }
    set { state.settings.group = newValue }
  }

  /// The control's identity in the dispatcher.
  public var id: ControlID { ControlID(object: widget.raw) }

  /// The decisions made for `action` so far; `nil` if none (a group counts on its gate).
  public func counters(for action: ActionName = .clicked) -> DecisionCounters? {
    GtkClickGuard.dispatcher.counters(for: id, action: action)
  }

  /// Whether this control's own gate for `action` would accept an activation now.
  public func isGateOpen(for action: ActionName = .clicked) -> Bool {
    GtkClickGuard.dispatcher.isOpen(.control(id, action))
  }

  /// Sets the accessible name assistive technologies (and AT-SPI tests) read.
  package func setAccessibleName(_ name: String) {
    ClickGuardGtk.setAccessibleName(widget, name)
  }

  /// How the control shows a running action and a dropped click; `nil`
  /// follows ``GtkClickGuard/busyFeedback``.
  public var busyFeedback: BusyFeedback? {
    get { BusyIndicator.existing(on: widget.raw)?.feedback }
    set { BusyIndicator.attached(to: widget).feedback = newValue }
  }

  /// Connects `body` to a parameterless signal; GLib releases it with the widget.
  func connect(_ signal: String, after: Bool = false, _ body: @escaping @MainActor () -> Void) -> ActionConnection {
    ActionConnection(
      Signal.connect(widget.raw, signal, after: after) { instance in
        BusyIndicator.actionStarts(on: instance.assumingMemoryBound(to: GtkWidget.self))
        body()
      })
  }

  /// Connects an async `body`: the gate stays closed and the control busy
  /// until it returns or throws (the error is logged), at most the maximum busy time.
  func connectAsync(_ signal: String, _ body: @escaping @MainActor () async throws -> Void) -> ActionConnection {
    MainLoopBridge.install()
    return ActionConnection(
      Signal.connect(widget.raw, signal) { instance in
        Self.runAsync(on: instance.assumingMemoryBound(to: GtkWidget.self), body)
      })
  }

  static func runAsync(on widget: WidgetPointer, _ body: @escaping @MainActor () async throws -> Void) {
    BusyIndicator.actionStarts(on: widget)
    let hold = TicketHold.holdCurrentActivation()
    // The type and label now: the widget may be gone when the action ends.
    let described = WidgetDescription(widget: widget.raw, reading: [.type, .label])
    Task { @MainActor in
      do {
        try await body()
      } catch {
        let name = described.label.map { "\(described.typeName) “\($0)”" } ?? described.typeName
        cg_log_message("ClickGuard: the action of \(name) ended with an error: \(error)")
      }
      hold?.release()
    }
  }
}

/// A widget could not be wrapped.
public struct ControlError: Error, Equatable, CustomStringConvertible {
  /// The GType the wrapper needs.
  public let expected: String
  /// The GType of the widget given (or `NULL`).
  public let actual: String

  public var description: String {
    guard actual != "NULL" else {
      return "cannot wrap NULL as a \(expected): no widget was given (gtk_builder_get_object returns NULL "
        + "for an id its file does not have)"
    }
    return "cannot wrap a \(actual) as a \(expected): give a \(expected) or one of its subclasses"
  }
}
