import CGtk
import ClickGuard

/// What ClickGuard keeps on one widget, in its qdata with a destroy notify,
/// so it lives without a wrapper and goes, with its gates, with the widget.
@MainActor
final class WidgetGuardState: ObjectAttachment {
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

  private static let quark = GuardRuntime.quark("clickguard-state")

  static func existing(on object: gpointer) -> WidgetGuardState? {
    ObjectData.existing(WidgetGuardState.self, on: object, quark: quark)
  }

  /// The state on `object`, attached now (in `runtime`) if it has none.
  static func attached(to object: gpointer, runtime: GuardRuntime) -> WidgetGuardState {
    if let state = existing(on: object) { return state }
    let state = WidgetGuardState(control: ControlID(object: object), runtime: runtime)
    ObjectData.attach(state, to: object, quark: quark)
    return state
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
