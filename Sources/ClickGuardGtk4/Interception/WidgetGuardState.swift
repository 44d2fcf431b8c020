import CGtk4
import ClickGuard

/// What ClickGuard keeps on one widget, in its qdata with a destroy notify,
/// so it lives without a wrapper and goes, with its gates, with the widget.
@MainActor
final class WidgetGuardState: KeyedObjectAttachment {
  var settings = ControlSettings()
  /// Whether a ``Control`` wrapper routes this widget.
  var isWrapped = false
  /// Whether people press it again on purpose (``RepeatableControls``), once asked.
  var isRepeatable: Bool?
  /// The radio group this check button is in (``CheckButton/joinGroup(of:)``):
  /// an object of its own, referenced by every member, whose gate the group shares.
  private(set) var radioGroup: gpointer?
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

  /// Joins `other`'s radio group, made now if `other` has none.
  func joinRadioGroup(of other: WidgetGuardState) {
    if other.radioGroup == nil {
      other.radioGroup = UnsafeMutableRawPointer(g_object_new_with_properties(g_object_get_type(), 0, nil, nil))
      // The group's gate is forgotten with the group, when its last member goes.
      _ = WidgetGuardState.attached(to: other.radioGroup!, runtime: runtime)
    }
    guard radioGroup != other.radioGroup else { return }
    if let radioGroup { g_object_unref(radioGroup) }
    radioGroup = g_object_ref(other.radioGroup)
  }

  func objectFinalized() {
    if let radioGroup { g_object_unref(radioGroup) }
    runtime.liveWidgetStates -= 1
    runtime.dispatcher.forget(control: control)
  }
}
