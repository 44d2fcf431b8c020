import CGtk4
import ClickGuard

/// What ClickGuard keeps on one widget, in its qdata with a destroy notify,
/// so it lives without a wrapper and goes, with its gates, with the widget.
@MainActor
final class WidgetGuardState: ObjectAttachment {
  var settings = ControlSettings()
  /// Whether a ``Control`` wrapper routes this widget.
  var isWrapped = false
  /// Whether people press it again on purpose (``RepeatableControls``), once asked.
  var isRepeatable: Bool?
  private let control: ControlID
  private let runtime: GuardRuntime

  private init(control: ControlID, runtime: GuardRuntime) {
    self.control = control
    self.runtime = runtime
    runtime.liveWidgetStates += 1
  }

  static let quark = g_quark_from_string("clickguard-gtk4-state")

  /// The state on `object`, attached now (in `runtime`) if it has none.
  static func attached(to object: gpointer, runtime: GuardRuntime) -> WidgetGuardState {
    attached(to: object) { WidgetGuardState(control: ControlID(object: object), runtime: runtime) }
  }

  func objectFinalized() {
    runtime.liveWidgetStates -= 1
    runtime.dispatcher.forget(control: control)
  }
}
