import CGtk
import ClickGuard

/// What ClickGuard keeps on one widget: its settings and whether a wrapper
/// routes it. Stored in the widget's qdata with a destroy notify (the GTK
/// twin of an associated object), so it exists whether or not a Swift
/// wrapper is alive and goes with the widget — and with it, the widget's
/// gates in the dispatcher.
@MainActor
final class WidgetGuardState {
  /// The widget's own settings.
  var settings = ControlSettings() {
    didSet { hasSettings = true }
  }
  /// Whether ``settings`` were set (by the app, a wrapper or
  /// ``WidgetSettings/resolver``): then the resolver is not asked again.
  private(set) var hasSettings = false
  /// Whether a ``Control`` wrapper routes this widget (judged even without
  /// the global install).
  var isWrapped = false
  /// Whether the widget is of a kind people press again on purpose
  /// (``RepeatableControls``), once asked.
  var isRepeatable: Bool?
  /// What the widget's type says about its activations, asked of GObject
  /// at its first judged activation (buttons and menu items).
  var traits: ControlTraits?
  /// What a switch's changes need kept (switches only, made on first use).
  private(set) var existingSwitchState: SwitchState?
  /// The switch's state, made now if it has none.
  var switchState: SwitchState {
    if let existingSwitchState { return existingSwitchState }
    let made = SwitchState()
    existingSwitchState = made
    return made
  }
  private let control: ControlID

  /// How many widgets carry a state now.
  private(set) static var liveCount = 0

  private init(control: ControlID) {
    self.control = control
    Self.liveCount += 1
  }

  /// The widget was finalized.
  fileprivate func widgetFinalized() {
    Self.liveCount -= 1
    GuardRuntime.shared.dispatcher.forget(control: control)
  }

  private static let quark = GuardRuntime.quark("clickguard-state")

  /// The state on `object`, or `nil` when it has none.
  static func existing(on object: gpointer) -> WidgetGuardState? {
    guard let data = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), quark) else { return nil }
    return Unmanaged<WidgetGuardState>.fromOpaque(data).takeUnretainedValue()
  }

  /// The state on `object`, attached now if it has none.
  static func attached(to object: gpointer) -> WidgetGuardState {
    if let state = existing(on: object) { return state }
    let state = WidgetGuardState(control: ControlID(object: object))
    g_object_set_qdata_full(
      object.assumingMemoryBound(to: GObject.self), quark, Unmanaged.passRetained(state).toOpaque(),
      releaseWidgetState)
    return state
  }
}

/// What ClickGuard keeps on a GtkSwitch while it judges its changes.
@MainActor
final class SwitchState {
  /// Set while ClickGuard itself puts a dropped switch back, so the restore
  /// is neither judged nor reported to the app.
  var isRestoring = false
  /// A change begun by a click or key and not made yet (GtkSwitch slides
  /// for ~100 ms first): who made it (``SwitchChanges``).
  var pendingToggle: InputAttribution?
  /// A dropped change while its `state-set` emission runs.
  var droppedChange: DroppedSwitchChange?
}

/// The qdata destroy notify: the widget is being finalized.
private let releaseWidgetState: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  let state = Unmanaged<WidgetGuardState>.fromOpaque(data)
  // GTK finalizes widgets on its own thread, the main one.
  MainActor.assumeIsolated { state.takeUnretainedValue().widgetFinalized() }
  state.release()
}
