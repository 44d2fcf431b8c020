import ClickGuard

/// Reads and writes the guard settings of any widget, wrapped or not: how
/// an app that relies on ``GlobalGuard`` gives one widget its own interval
/// or opts it out.
@MainActor
public enum WidgetSettings {
  /// The settings stored on `widget` (the defaults when it has none).
  public static func get(_ widget: WidgetPointer) -> ControlSettings {
    WidgetGuardState.existing(on: widget)?.settings ?? ControlSettings()
  }

  /// Stores `settings` on `widget`; they go when it is finalized.
  public static func set(_ settings: ControlSettings, on widget: WidgetPointer) {
    WidgetGuardState.attached(to: widget, runtime: GtkClickGuard.runtime).settings = settings
  }
}
