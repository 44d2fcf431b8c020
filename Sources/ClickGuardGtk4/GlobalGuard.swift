/// Guards every GtkButton in the process (GtkToggleButton, GtkLinkButton
/// and GtkMenuButton's button among them), and every entry's Return, list
/// box row, list view item, check button and switch: GTK 4 has no modules,
/// so the app calls this itself.
///
/// Opt-in and reversible (``install()``, ``uninstall()``). Unwrapped widgets
/// are judged by ``GtkClickGuard/dispatcher`` with ``WidgetSettings``.
@MainActor
public enum GlobalGuard {
  /// Whether every button and control in the process is guarded.
  public static var isInstalled: Bool { GtkClickGuard.runtime.guardsEveryButton }

  /// Guards every button and control in the process. Idempotent.
  public static func install() {
    GtkClickGuard.runtime.installPlumbing()
    GtkClickGuard.runtime.guardsEveryButton = true
  }

  /// Stops guarding widgets that are not wrapped. Idempotent.
  public static func uninstall() {
    GtkClickGuard.runtime.guardsEveryButton = false
  }
}
