/// Guards every GtkButton-family widget in the process: the runtime
/// approach, like swizzling `UIControl`'s `sendAction:to:forEvent:` on iOS.
///
/// Opt-in and reversible: nothing is guarded until ``install()``, and
/// ``uninstall()`` restores plain behaviour. Buttons never wrapped in Swift,
/// buttons from GtkBuilder files, GtkActionable buttons and popover menu
/// buttons are all judged by ``GtkClickGuard/dispatcher``; per-widget
/// settings (``WidgetSettings``) apply; toggles are skipped by default; a
/// wrapped control is judged once. Menu items, list box, flow box, tree view
/// and icon view rows activated by keyboard, Return in an entry and GAction
/// accelerators are judged too (docs/module.md lists every path). Fresh
/// windows, dialogs, popovers and pages are fenced (``fenceSettings``):
/// a press or activation key made before one appeared, or within the settle
/// time after, never reaches it.
@MainActor
public enum GlobalGuard {
  /// Whether every button in the process is guarded.
  public static var isInstalled: Bool { GtkClickGuard.runtime.guardsEveryButton }

  /// Guards every button in the process. Idempotent. Does nothing when
  /// another copy of ClickGuard's GTK layer guards the process (the GTK
  /// module beside an app built with ClickGuardGtk: one guard judges).
  public static func install() {
    guard GtkClickGuard.runtime.installPlumbing() else { return }
    GtkClickGuard.runtime.guardsEveryButton = true
  }

  /// How the fresh-content fence treats every window, dialog, popover and
  /// page while installed. Default: on, settle time GTK's double-click time.
  /// Content already on screen keeps the settings it appeared with.
  public static var fenceSettings: FenceSettings {
    get { GtkClickGuard.runtime.fences.settings }
    set { GtkClickGuard.runtime.fences.settings = newValue }
  }

  /// Whether a dropped activation rings the error bell on its widget
  /// (`gtk_widget_error_bell`, silent when the `gtk-error-bell` setting is
  /// off), so a person who cannot see that a click was ignored hears it.
  /// Only drops ring it: never an accepted, passed or observed activation.
  /// Default: off.
  package static var ringsBellOnDrop: Bool {
    get { GtkClickGuard.runtime.ringsBellOnDrop }
    set { GtkClickGuard.runtime.ringsBellOnDrop = newValue }
  }

  /// Stops guarding buttons that are not wrapped. Idempotent.
  public static func uninstall() {
    GtkClickGuard.runtime.guardsEveryButton = false
  }
}
