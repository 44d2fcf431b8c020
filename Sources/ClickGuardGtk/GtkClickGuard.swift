// GtkClickGuard and GlobalGuard: the GTK side's entry points — the
// dispatcher it uses, start-up with a clear error when there is no display,
// and the process-wide install that guards every button.

import CGtk
import ClickGuard

/// GTK could not start.
public struct GtkStartError: Error, CustomStringConvertible {
  /// Why.
  public let description: String
}

/// The GTK side's settings and start-up.
@MainActor
public enum GtkClickGuard {
  /// The dispatcher every wrapper, the global install and the navigator use.
  /// Set it before creating controls.
  public static var dispatcher: ClickDispatcher = .shared

  /// Initializes GTK (if not done yet) and installs ClickGuard's plumbing:
  /// the `clicked` interceptor, the input filter and the main-actor bridge.
  /// - Throws: ``GtkStartError`` when there is no display to open, naming
  ///   the `DISPLAY` it tried, instead of crashing.
  public static func start() throws(GtkStartError) {
    if !isGtkInitialized {
      guard gtk_init_check(nil, nil) != 0 else {
        let display = swiftString(g_getenv("DISPLAY")) ?? "(unset)"
        throw GtkStartError(
          description:
            "cannot open a display (DISPLAY=\(display)); run under a desktop session or Xvfb (xvfb-run -a)")
      }
      isGtkInitialized = true
    }
    prepare()
  }

  /// Installs the plumbing in a process where GTK is already initialized (a
  /// GTK module, a GtkApplication after startup). Idempotent.
  public static func prepare() {
    ClickInterceptor.install()
    MainLoopBridge.install()
  }

  private static var isGtkInitialized = false
}

/// Guards every GtkButton-family widget in the process: the runtime
/// approach, like swizzling `UIControl`'s `sendAction:to:forEvent:` on iOS.
///
/// Opt-in and reversible: nothing is guarded until ``install()``, and
/// ``uninstall()`` restores plain behaviour. Buttons never wrapped in Swift,
/// buttons from GtkBuilder files, GtkActionable buttons and popover menu
/// buttons are all judged by ``GtkClickGuard/dispatcher``; per-widget
/// settings (``WidgetSettings``) apply; toggles are skipped by default; a
/// wrapped control is judged once.
@MainActor
public enum GlobalGuard {
  /// Whether every button in the process is guarded.
  public private(set) static var isInstalled = false

  /// Guards every button in the process. Idempotent.
  public static func install() {
    GtkClickGuard.prepare()
    isInstalled = true
  }

  /// Stops guarding buttons that are not wrapped. Idempotent.
  public static func uninstall() {
    isInstalled = false
  }
}
