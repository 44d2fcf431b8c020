import CGtk
import ClickGuard

/// What ClickGuard keeps on one widget, in its qdata with a destroy notify,
/// so it lives without a wrapper and goes, with its gates, with the widget.
@MainActor
final class WidgetGuardState: KeyedObjectAttachment {
  var settings = ControlSettings() {
    didSet { hasSettings = true }
  }
  /// Whether ``settings`` were set: then the resolver is not asked again.
  private(set) var hasSettings = false
  /// Whether a ``Control`` wrapper routes this widget.
  var isWrapped = false
  var isRepeatable: Bool?
  var traits: ControlTraits?
  private(set) var existingSwitchState: SwitchState?
  var switchState: SwitchState {
    if let existingSwitchState { return existingSwitchState }
    let made = SwitchState()
    existingSwitchState = made
    return made
  }
  private let control: ControlID
  /// The runtime whose dispatcher holds the widget's gates.
  private let runtime: GuardRuntime

  private init(control: ControlID, runtime: GuardRuntime) {
    self.control = control
    self.runtime = runtime
    runtime.liveWidgetStates += 1
  }

  static let quark = GuardRuntime.quark("clickguard-state")

  /// The state on `object`, attached now (in `runtime`) if it has none.
  static func attached(to object: gpointer, runtime: GuardRuntime) -> WidgetGuardState {
    attached(to: object) { WidgetGuardState(control: ControlID(object: object), runtime: runtime) }
  }

  func objectFinalized() {
    runtime.liveWidgetStates -= 1
    runtime.dispatcher.forget(control: control)
  }
}

/// What ClickGuard keeps on a GtkSwitch while it judges its changes.
@MainActor
final class SwitchState {
  /// Set while a dropped switch is put back, so the restore is not judged.
  var isRestoring = false
  /// Who began a change not made yet (GtkSwitch slides first).
  var pendingToggle: InputAttribution?
  var droppedChange: DroppedSwitchChange?
}
