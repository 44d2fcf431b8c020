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

  /// Makes this app's ClickGuard the one guarding the process when the GTK
  /// module is loaded too, which then stays idle. Call it before GTK loads
  /// its modules (before `g_application_run`); ``start()`` does it itself.
  public static func claimProcess() {
    runtime.claimProcess()
  }

  /// Initializes GTK if needed and installs the plumbing (``prepare()``).
  /// - Throws: ``GtkStartError`` naming the display when none can be opened.
  public static func start() throws(GtkStartError) {
    if gdk_display_get_default() == nil {
      // Before gtk_init loads modules, so a loaded ClickGuard module stays idle.
      claimProcess()
      guard gtk_init_check(nil, nil) != 0 else {
        // TRANSLATORS: stands for the value of DISPLAY when it is not set.
        let display = swiftString(g_getenv("DISPLAY")) ?? localized("(unset)")
        throw GtkStartError(
          description: localized(
            "cannot open a display (DISPLAY={display}); run under a desktop session or Xvfb (xvfb-run -a)"
          ).filling(["display": display]))
      }
    }
    prepare()
  }

  /// Installs the plumbing where GTK is already initialized: the class
  /// overrides, the input handler and the bridge that lets `await` resume in
  /// GTK's main loop. Idempotent; stays out if the GTK module claimed the process.
  public static func prepare() {
    runtime.installPlumbing()
    MainLoopBridge.install()
  }
}

/// GTK could not start: there is no display to open.
public struct GtkStartError: Error, CustomStringConvertible {
  /// Why, naming the display it tried, in the reader's language.
  public let description: String
}
