import CGtk
import ClickGuard

/// A guarded GTK control.
///
/// Create one or adopt an existing widget: its activations are judged by
/// ``GtkClickGuard/dispatcher`` with or without ``GlobalGuard``. Settings live
/// on the widget (qdata), so they outlive the wrapper, which holds a reference.
@MainActor
public class Control: GuardedControl {
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

  public var settings: ControlSettings {
    get { state.settings }
    set { state.settings = newValue }
  }

  public var id: ControlID { ControlID(object: widget.raw) }

  public var dispatcher: ClickDispatcher { runtime.dispatcher }

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
