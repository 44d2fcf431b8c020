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
  /// The runtime that judges it: the process's.
  let runtime: GuardRuntime

  init(adopting widget: WidgetPointer, expected: GType, expectedName: String) throws(ControlError) {
    try ControlError.check(widget.raw, is: expected, named: expectedName)
    self.widget = widget
    (runtime, state) = Self.takeOver(widget)
  }

  init(created widget: WidgetPointer) {
    self.widget = widget
    (runtime, state) = Self.takeOver(widget)
  }

  /// Joins `widget` to the process's runtime, its plumbing installed.
  private static func takeOver(_ widget: WidgetPointer) -> (GuardRuntime, WidgetGuardState) {
    g_object_ref_sink(widget.raw)
    let runtime = GtkClickGuard.runtime
    runtime.installPlumbing()
    MainLoopBridge.install()
    let state = WidgetGuardState.attached(to: widget.raw, runtime: runtime)
    state.isWrapped = true
    return (runtime, state)
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
    runtime.dispatcher.counters(for: id, action: action)
  }

  /// Whether this control's own gate for `action` would accept an activation now.
  public func isGateOpen(for action: ActionName = .clicked) -> Bool {
    runtime.dispatcher.isOpen(.control(id, action))
  }

  /// Sets the accessible name assistive technologies (and AT-SPI tests) read.
  package func setAccessibleName(_ name: String) {
    ClickGuardGtk.setAccessibleName(widget, name)
  }

  /// How the control shows a running action and a dropped click; `nil`
  /// follows ``GtkClickGuard/busyFeedback``.
  public var busyFeedback: BusyFeedback? {
    get { BusyIndicator.existing(on: widget.raw)?.feedback }
    set { BusyIndicator.attached(to: widget, watch: runtime.busyWatch).feedback = newValue }
  }

  /// Connects `body` to a parameterless signal; GLib releases it with the widget.
  func connect(_ signal: String, after: Bool = false, _ body: @escaping @MainActor () -> Void) -> ActionConnection {
    let busyWatch = runtime.busyWatch
    return ActionConnection(
      Signal.connect(widget.raw, signal, after: after) { instance in
        busyWatch.actionStarts(on: instance.assumingMemoryBound(to: GtkWidget.self))
        body()
      })
  }

  /// Connects an async `body`: the gate stays closed and the control busy
  /// until it returns or throws (the error is logged), at most the maximum busy time.
  func connectAsync(_ signal: String, _ body: @escaping @MainActor () async throws -> Void) -> ActionConnection {
    MainLoopBridge.install()
    let runtime = runtime
    return ActionConnection(
      Signal.connect(widget.raw, signal) { instance in
        Self.runAsync(on: instance.assumingMemoryBound(to: GtkWidget.self), in: runtime, body)
      })
  }

  /// Starts `body` for the activation being handled on `widget`, holding its
  /// gate and showing busy until `body` ends.
  static func runAsync(
    on widget: WidgetPointer, in runtime: GuardRuntime, _ body: @escaping @MainActor () async throws -> Void
  ) {
    runtime.busyWatch.actionStarts(on: widget)
    let hold = runtime.scopes.current?.hold()
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
