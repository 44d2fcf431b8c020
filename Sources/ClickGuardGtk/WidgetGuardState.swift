// Per-widget guard state stored on the GObject itself (qdata with a destroy
// notify: the GTK twin of an associated object), so it exists whether or not
// a Swift wrapper is alive and dies with the widget.

import CGtk
import ClickGuard

/// What ClickGuard keeps on one widget: its settings and whether a wrapper
/// routes it through the dispatcher.
///
/// Lives in the widget's qdata under the quark `clickguard-state`; GLib
/// releases it when the widget is finalized, and the release tells the
/// dispatcher to forget the widget's gates.
@MainActor
final class WidgetGuardState {
  /// The widget's settings.
  var settings = ControlSettings()
  /// Whether a ``Control`` wrapper routes this widget (judged even when the
  /// global install is off).
  var isWrapped = false
  /// Set while ClickGuard itself puts a dropped toggle back, so the restore
  /// is neither judged nor reported to the app.
  var isRestoring = false
  /// The dispatcher whose gates hold this widget's state.
  let dispatcher: ClickDispatcher
  let control: ControlID

  /// How many states are attached to live widgets.
  private(set) static var liveCount = 0

  private init(dispatcher: ClickDispatcher, control: ControlID) {
    self.dispatcher = dispatcher
    self.control = control
    Self.liveCount += 1
  }

  isolated deinit {
    Self.liveCount -= 1
    dispatcher.forget(control: control)
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
    let state = WidgetGuardState(dispatcher: GtkClickGuard.dispatcher, control: ControlID(object: object))
    g_object_set_qdata_full(
      object.assumingMemoryBound(to: GObject.self), quark, Unmanaged.passRetained(state).toOpaque(),
      { data in
        guard let data else { return }
        // Finalization runs on the GTK thread; the release runs the isolated
        // deinit there.
        Unmanaged<WidgetGuardState>.fromOpaque(data).release()
      })
    return state
  }
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

  /// How many widgets carry ClickGuard state right now.
  public static var liveStateCount: Int { WidgetGuardState.liveCount }
}
