import CGtk
import ClickGuard

/// Reads and writes the guard settings of any widget, wrapped or not: how
/// an app that relies on ``GlobalGuard`` gives one widget its own interval or
/// opts it out.
///
/// ```swift
/// WidgetSettings.set(ControlSettings(policy: .exempt), on: digitKey)
/// ```
@MainActor
public enum WidgetSettings {
  /// The settings stored on `widget` (the defaults when it has none).
  public static func get(_ widget: WidgetPointer) -> ControlSettings {
    WidgetGuardState.existing(on: widget.raw)?.settings ?? ControlSettings()
  }

  /// Stores `settings` on `widget`; they go when it is finalized.
  public static func set(_ settings: ControlSettings, on widget: WidgetPointer) {
    WidgetGuardState.attached(to: widget.raw, runtime: GtkClickGuard.runtime).settings = settings
  }

  /// Gives a widget nobody set settings on its settings, at its first
  /// judgment; they are kept with the widget from then on. `nil` (the
  /// default) leaves such widgets on the global configuration. The GTK
  /// module sets it from its rules file; returning `nil` means no rule
  /// matched.
  package static var resolver: (@MainActor (gpointer) -> ControlSettings?)? {
    get { GtkClickGuard.runtime.judge.resolver }
    set { GtkClickGuard.runtime.judge.resolver = newValue }
  }

  /// How many widgets carry ClickGuard state now.
  package static var liveStateCount: Int { GtkClickGuard.runtime.liveWidgetStates }
}
