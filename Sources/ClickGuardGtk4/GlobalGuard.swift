/// Guards every GtkButton in the process (GtkToggleButton, GtkLinkButton
/// and GtkMenuButton's button among them), and every entry's Return, list
/// box row, list view item, check button and switch: GTK 4 has no modules,
/// so the app calls this itself.
///
/// Opt-in and reversible (``install()``, ``uninstall()``). Unwrapped widgets
/// are judged by ``GtkClickGuard/dispatcher`` with ``WidgetSettings``; fresh
/// windows, popovers and stack pages are fenced (``fenceSettings``).
@MainActor
public enum GlobalGuard {
  /// Whether every button and control in the process is guarded.
  public static var isInstalled: Bool { GtkClickGuard.runtime.guardsEveryButton }

  /// How the fresh-content fence treats windows, popovers and stack pages
  /// that appear; a ``StackNavigator`` has its own.
  public static var fenceSettings: FenceSettings {
    get { GtkClickGuard.runtime.fences.settings }
    set { GtkClickGuard.runtime.fences.settings = newValue }
  }

  /// Guards every button and control in the process. Idempotent.
  public static func install() {
    GtkClickGuard.runtime.installPlumbing()
    GtkClickGuard.runtime.fences.installMapHook()
    GtkClickGuard.runtime.guardsEveryButton = true
  }

  /// Stops guarding widgets that are not wrapped. Idempotent.
  public static func uninstall() {
    GtkClickGuard.runtime.guardsEveryButton = false
  }
}
