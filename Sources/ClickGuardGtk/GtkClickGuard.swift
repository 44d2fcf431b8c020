import CGtk
import ClickGuard

/// The GTK side's start-up and the dispatcher it judges with.
@MainActor
public enum GtkClickGuard {
  /// The process's runtime: where the public statics and the public
  /// wrappers' inits reach it, since they cannot be handed one.
  static var runtime: GuardRuntime { GuardRuntime.shared }

  /// The dispatcher every wrapper, the global install and the navigator
  /// use. Replace it before creating controls.
  public static var dispatcher: ClickDispatcher {
    get { runtime.dispatcher }
    set { runtime.dispatcher = newValue }
  }

  /// Makes this app's ClickGuard the one that guards the process when the
  /// ClickGuard GTK module is loaded into it too (a desktop that switches
  /// the module on for every app): the module then stays idle, and one
  /// guard, with this app's settings, judges each click. Call it before GTK
  /// initialises and loads its modules — before `g_application_run` in a
  /// GtkApplication; ``start()`` does it itself when it initialises GTK.
  public static func claimProcess() {
    runtime.claimProcess()
  }

  /// Initializes GTK if that was not done yet, and installs ClickGuard's
  /// plumbing (see ``prepare()``).
  /// - Throws: ``GtkStartError`` naming the display when none can be
  ///   opened, instead of crashing.
  public static func start() throws(GtkStartError) {
    if gdk_display_get_default() == nil {
      // Before gtk_init loads GTK modules: the app's own ClickGuard guards
      // it, and the ClickGuard module, if loaded too, stays idle.
      claimProcess()
      guard gtk_init_check(nil, nil) != 0 else {
        let display = swiftString(g_getenv("DISPLAY")) ?? "(unset)"
        throw GtkStartError(
          description: "cannot open a display (DISPLAY=\(display)); run under a desktop session or Xvfb (xvfb-run -a)")
      }
    }
    prepare()
  }

  /// Installs the plumbing in a process where GTK is already initialized (a
  /// GTK module, a GtkApplication after start-up): the `clicked` override,
  /// the input handler and the bridge that lets `await` resume inside GTK's
  /// main loop. Idempotent. When the ClickGuard GTK module claimed the
  /// process first (GTK initialised before ``start()`` and before
  /// ``claimProcess()``), the module guards it with its own settings and
  /// this library's plumbing stays out.
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
