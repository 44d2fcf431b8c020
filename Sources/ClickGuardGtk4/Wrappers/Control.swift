import CGtk4
import ClickGuard

/// A guarded GTK 4 control.
///
/// Create one or adopt an existing widget: its activations are judged by
/// ``GtkClickGuard/dispatcher`` with or without ``GlobalGuard``. Settings
/// live on the widget (qdata), so they outlive the wrapper, which holds a
/// reference.
@MainActor
public class Control: GuardedControl {
  /// The wrapped widget.
  public let widget: WidgetPointer
  let state: WidgetGuardState
  /// The runtime that judges it: the process's.
  let runtime: GuardRuntime

  init(adopting widget: WidgetPointer, expected: GType, expectedName: String) throws(ControlError) {
    try ControlError.check(widget, is: expected, named: expectedName)
    self.widget = widget
    (runtime, state) = Self.takeOver(widget)
  }

  init(created widget: WidgetPointer) {
    self.widget = widget
    (runtime, state) = Self.takeOver(widget)
  }

  /// Joins `widget` to the process's runtime, its plumbing installed.
  private static func takeOver(_ widget: WidgetPointer) -> (GuardRuntime, WidgetGuardState) {
    g_object_ref_sink(widget)
    let runtime = GtkClickGuard.runtime
    runtime.installPlumbing()
    MainLoopBridge.install()
    let state = WidgetGuardState.attached(to: widget, runtime: runtime)
    state.isWrapped = true
    return (runtime, state)
  }

  isolated deinit {
    g_object_unref(widget)
  }

  public var settings: ControlSettings {
    get { state.settings }
    set { state.settings = newValue }
  }

  public var id: ControlID { ControlID(object: widget) }

  public var dispatcher: ClickDispatcher { runtime.dispatcher }

  /// Connects `body` to a parameterless signal; GLib releases it with the widget.
  func connect(_ signal: String, _ body: @escaping @MainActor () -> Void) -> ActionConnection {
    ActionConnection(Signal.connect(widget, signal) { _ in body() })
  }

  /// Connects an async `body`: the gate stays closed and the control busy
  /// until it returns or throws (the error is logged), at most the maximum busy time.
  func connectAsync(_ signal: String, _ body: @escaping @MainActor () async throws -> Void) -> ActionConnection {
    let runtime = runtime
    return ActionConnection(
      Signal.connect(widget, signal) { instance in
        Self.runAsync(on: instance.assumingMemoryBound(to: GtkWidget.self), in: runtime, body)
      })
  }

  /// Starts `body` for the activation being handled on `widget`, holding
  /// its gate and showing it busy until `body` ends: the style class
  /// `clickguard-busy` for themes, and the accessible busy state screen
  /// readers announce, at most the longest busy time. The control stays
  /// sensitive and keeps the focus.
  static func runAsync(
    on widget: WidgetPointer, in runtime: GuardRuntime, _ body: @escaping @MainActor () async throws -> Void
  ) {
    let hold = runtime.scopes.current?.hold()
    let settings = WidgetGuardState.existing(on: widget)?.settings ?? ControlSettings()
    let busy = BusyMark(on: widget, atMost: runtime.dispatcher.configuration.longestBusy(of: settings))
    Task { @MainActor in
      do {
        try await body()
      } catch {
        cg_log_message("ClickGuard: the action of a \(busy.typeName) ended with an error: \(error)")
      }
      busy.clear()
      hold?.release()
    }
  }
}
