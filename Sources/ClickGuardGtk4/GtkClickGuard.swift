import CGtk4
import ClickGuard

/// The GTK 4 side's start-up and the dispatcher it judges with: the same
/// calls as the GTK 3 layer's, so an app ports by changing its import.
@MainActor
public enum GtkClickGuard {
  /// The process's runtime: where the public statics and the public
  /// wrappers' inits reach it, since they cannot be handed one.
  static var runtime: GuardRuntime { GuardRuntime.shared }

  /// The dispatcher every wrapper and the global install use. Replace it
  /// before creating controls.
  public static var dispatcher: ClickDispatcher {
    get { runtime.dispatcher }
    set { runtime.dispatcher = newValue }
  }

  /// Initializes GTK if needed and installs the plumbing (``prepare()``).
  /// - Throws: ``GtkStartError`` naming the display when none can be opened.
  public static func start() throws(GtkStartError) {
    if gdk_display_get_default() == nil {
      guard gtk_init_check() != 0 else {
        let unset = localized("(unset)")
        throw GtkStartError(
          description: localized(
            "cannot open a display (WAYLAND_DISPLAY={wayland}, DISPLAY={display}); run under a desktop session or Xvfb (xvfb-run -a)"
          ).filling([
            "wayland": swiftString(g_getenv("WAYLAND_DISPLAY")) ?? unset,
            "display": swiftString(g_getenv("DISPLAY")) ?? unset,
          ]))
      }
    }
    prepare()
  }

  /// Installs the plumbing where GTK is already initialized: the class
  /// override, the input controllers and the bridge that lets `await`
  /// resume in GTK's main loop. Idempotent.
  public static func prepare() {
    runtime.installPlumbing()
    MainLoopBridge.install()
  }
}

/// GTK could not start: there is no display to open.
public struct GtkStartError: Error, CustomStringConvertible {
  /// Why, naming the display it tried.
  public let description: String
}
