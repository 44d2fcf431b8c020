/// Guards every GtkButton-family widget in the process: the runtime
/// approach, like swizzling `UIControl`'s `sendAction:to:forEvent:` on iOS.
///
/// Opt-in and reversible (``install()``, ``uninstall()``). Unwrapped buttons,
/// menu items, list and view rows, an entry's Return and GAction accelerators
/// are judged by ``GtkClickGuard/dispatcher`` (docs/module.md lists every
/// path), with ``WidgetSettings``; fresh content is fenced (``fenceSettings``).
@MainActor
public enum GlobalGuard {
  /// Whether every button in the process is guarded.
  public static var isInstalled: Bool { GtkClickGuard.runtime.guardsEveryButton }

  /// Guards every button in the process. Idempotent; does nothing when
  /// another copy of the GTK layer guards the process.
  public static func install() {
    guard GtkClickGuard.runtime.installPlumbing() else { return }
    GtkClickGuard.runtime.guardsEveryButton = true
  }

  /// How the fence treats fresh content while installed; content on screen
  /// keeps the settings it appeared with.
  public static var fenceSettings: FenceSettings {
    get { GtkClickGuard.runtime.fences.settings }
    set { GtkClickGuard.runtime.fences.settings = newValue }
  }

  /// Whether a drop rings its widget's error bell (`gtk_widget_error_bell`),
  /// so a person who cannot see it hears it. Default: off.
  package static var ringsBellOnDrop: Bool {
    get { GtkClickGuard.runtime.ringsBellOnDrop }
    set { GtkClickGuard.runtime.ringsBellOnDrop = newValue }
  }

  /// Stops guarding buttons that are not wrapped. Idempotent.
  public static func uninstall() {
    GtkClickGuard.runtime.guardsEveryButton = false
  }
}
