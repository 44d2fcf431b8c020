// Per-widget guard state stored on the GObject itself (qdata with a destroy
// notify: the GTK twin of an associated object), so it exists whether or not
// a Swift wrapper is alive and dies with the widget, gates included.

import CGtk
import ClickGuard

/// What ClickGuard keeps on one widget: its settings, whether a wrapper
/// routes it through the dispatcher, and its gates.
///
/// Lives in the widget's qdata under the quark `clickguard-state`; GLib
/// releases it when the widget is finalized, and its gates go with it. Sized
/// for the common case, a guarded button with default settings performing
/// one action: that gate is stored inline, anything else (settings of its
/// own, gates of further actions) out of line.
@MainActor
final class WidgetGuardState: GateOwner {
  /// Settings other than the defaults and the gates of actions after the
  /// first; `nil` while there are none.
  private var extras: Extras?
  /// The gate of the first action judged on the widget.
  private var gate: StoredGate?
  /// Whether a ``Control`` wrapper routes this widget (judged even when the
  /// global install is off).
  var isWrapped = false
  /// Set while ClickGuard itself puts a dropped toggle back, so the restore
  /// is neither judged nor reported to the app.
  var isRestoring = false
  /// The action `gate` judges.
  private var gateAction = ActionName.clicked

  /// What few widgets need.
  private final class Extras {
    var settings = ControlSettings()
    var gates: [(action: ActionName, gate: StoredGate)] = []
  }

  /// How many states are attached to live widgets.
  private(set) static var liveCount = 0

  private init() {
    Self.liveCount += 1
  }

  /// The widget's settings.
  var settings: ControlSettings {
    get { extras?.settings ?? ControlSettings() }
    set {
      if extras == nil, newValue == ControlSettings() { return }
      extrasCreated().settings = newValue
    }
  }

  subscript(gateFor action: ActionName) -> StoredGate? {
    get {
      if action == gateAction, let gate { return gate }
      // Loops, not `first(where:)`: a closure here would be main-actor
      // isolated and checked at run time on every call.
      for entry in extras?.gates ?? [] where entry.action == action { return entry.gate }
      return nil
    }
    set {
      guard let newValue else { return }
      if gate == nil { gateAction = action }
      if action == gateAction {
        gate = newValue
        return
      }
      let extras = extrasCreated()
      for index in extras.gates.indices where extras.gates[index].action == action {
        extras.gates[index].gate = newValue
        return
      }
      extras.gates.append((action, newValue))
    }
  }

  private func extrasCreated() -> Extras {
    if let extras { return extras }
    let created = Extras()
    extras = created
    return created
  }

  private static let quark: GQuark = g_quark_from_string("clickguard-state")

  /// The state on `object`, or `nil` when it has none.
  static func existing(on object: gpointer) -> WidgetGuardState? {
    guard let data = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), quark) else { return nil }
    return Unmanaged<WidgetGuardState>.fromOpaque(data).takeUnretainedValue()
  }

  /// The state on `object`, attached now if it has none.
  static func attached(to object: gpointer) -> WidgetGuardState {
    if let state = existing(on: object) { return state }
    let state = WidgetGuardState()
    g_object_set_qdata_full(
      object.assumingMemoryBound(to: GObject.self), quark, Unmanaged.passRetained(state).toOpaque(),
      releaseWidgetState)
    return state
  }

  /// The widget went: one live state less.
  fileprivate static func detached() {
    liveCount -= 1
  }
}

/// The qdata destroy notify, outside the main actor (a closure written in
/// `attached(to:)` would be isolated to it and checked at run time on each
/// call).
private let releaseWidgetState: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  // The widget is being finalized, on the GTK thread. An activation scope may
  // still hold the state until its action finishes; that finish then changes
  // a gate nobody reads any more.
  MainThread.run(WidgetGuardState.detached)
  Unmanaged<WidgetGuardState>.fromOpaque(data).release()
}

/// Reads and writes the guard settings of any widget, wrapped or not.
@MainActor
public enum WidgetSettings {
  /// The settings stored on `widget` (defaults when it has none).
  public static func get(_ widget: WidgetPointer) -> ControlSettings {
    WidgetGuardState.existing(on: widget.raw)?.settings ?? ControlSettings()
  }

  /// Stores `settings` on `widget`; they are freed when it is finalized.
  public static func set(_ settings: ControlSettings, on widget: WidgetPointer) {
    WidgetGuardState.attached(to: widget.raw).settings = settings
  }

  /// The gate `widget` keeps for `action`, or `nil` before an activation of
  /// `action` on it was judged (grouped widgets use their group's gate in
  /// the dispatcher).
  public static func gate(of widget: WidgetPointer, for action: ActionName = .clicked) -> StoredGate? {
    WidgetGuardState.existing(on: widget.raw)?[gateFor: action]
  }

  /// How many widgets carry ClickGuard state right now.
  public static var liveStateCount: Int { WidgetGuardState.liveCount }
}
