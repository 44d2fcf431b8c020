// GtkModule: what the GTK module (libclickguard-gtk-module.so, loaded with
// GTK3_MODULES) does when GTK loads it: read CLICKGUARD_* settings, guard
// every button in the process, and start the decision log and the optional
// lag simulation. Lives here, not in the module target, so it is tested
// in-process.

import CGtk
import ClickGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Guards an existing GTK 3 app from outside: the body of the ClickGuard GTK
/// module.
///
/// ```sh
/// GTK3_MODULES=/abs/path/libclickguard-gtk-module.so CLICKGUARD_MODE=observe \
///   CLICKGUARD_LOG=/tmp/clicks.jsonl gtk3-widget-factory
/// ```
///
/// ``start()`` reads ``ModuleConfiguration`` from the environment, prints
/// one line on stderr per rejected value, configures
/// ``GtkClickGuard/dispatcher``, installs ``GlobalGuard``, and starts the
/// ``DecisionLog`` and the stalls asked for. Starting again is harmless, even
/// from a second copy of the module loaded from another path: the first one
/// marks the process (GType data on GtkButton) and the others stay idle.
@MainActor
public enum GtkModule {
  /// The settings in force, or `nil` when not started.
  public private(set) static var configuration: ModuleConfiguration?
  /// Whether the module is running in this process.
  public static var isStarted: Bool { configuration != nil }

  private static var log: DecisionLog?
  private static var stallObserver: (ClickDispatcher, ObserverToken)?
  private static var periodicSource: guint = 0
  private static var periodicStall = ClickInterval.zero
  private static var periodicEvery = ClickInterval.zero

  // g_quark_from_string, not _static_string: Swift passes a temporary copy of
  // the literal, and another copy of the module must find the same quark.
  private static let processMark: GQuark = g_quark_from_string("clickguard-module-started")

  /// Starts with the settings in the process environment. Call on GTK's
  /// thread after `gtk_init` (GTK calls `gtk_module_init` from there).
  /// - Returns: whether this call started the module (`false` when it was
  ///   already running here or in another copy).
  @discardableResult
  public static func start() -> Bool {
    var environment: [String: String] = [:]
    for name in ModuleConfiguration.variables {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return start(ModuleConfiguration(environment: environment))
  }

  /// Starts with `settings`, printing its warnings on stderr.
  /// - Returns: whether this call started the module.
  @discardableResult
  public static func start(_ settings: ModuleConfiguration) -> Bool {
    let buttonType = gtk_button_get_type()
    guard !isStarted, g_type_get_qdata(buttonType, processMark) == nil else { return false }
    g_type_set_qdata(buttonType, processMark, UnsafeMutableRawPointer(bitPattern: 1))
    configuration = settings
    for warning in settings.warnings { appendLine(warning.description, to: 2) }

    let dispatcher = GtkClickGuard.dispatcher
    dispatcher.configuration = settings.guardConfiguration
    GlobalGuard.install()

    switch settings.log {
    case .file(let path):
      do throws(DecisionLogError) {
        log = try DecisionLog(path: path)
      } catch {
        appendLine(
          "clickguard: \(ModuleConfiguration.logVariable): \(error); decisions are not logged", to: 2)
      }
    case .standardError:
      log = DecisionLog()
    case nil:
      break
    }
    log?.start(dispatcher)  // before the stall observer: a line is written before its stall

    if settings.stallAfterClick > .zero {
      let microseconds = gulong(settings.stallAfterClick.nanoseconds / 1000)
      let token = dispatcher.addObserver { decision in
        // Inside the click's emission, before the app's handlers: the
        // click's work is slow, and the interval starts after the stall.
        if case .accepted = decision.outcome { g_usleep(microseconds) }
      }
      stallObserver = (dispatcher, token)
    }
    if settings.periodicStall > .zero {
      periodicStall = settings.periodicStall
      periodicEvery = settings.periodicEvery
      schedulePeriodicStall()
    }
    return true
  }

  /// Arms a one-shot timeout that stalls, then arms the next one: the app
  /// always runs for ``ModuleConfiguration/periodicEvery`` between stalls,
  /// however long a stall is.
  private static func schedulePeriodicStall() {
    periodicSource = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint(periodicEvery.milliseconds), periodicStallTimeout, nil, nil)
  }

  /// Stalls the main loop once, then arms the next stall.
  fileprivate static func stallThenReschedule() {
    g_usleep(gulong(periodicStall.nanoseconds / 1000))
    schedulePeriodicStall()
  }

  /// Stops everything ``start(_:)`` started and uninstalls ``GlobalGuard``;
  /// the dispatcher keeps its configuration. For tests: a GTK module stays
  /// for the life of the process.
  public static func stop() {
    guard isStarted else { return }
    log?.stop()
    log = nil
    if let (dispatcher, token) = stallObserver { dispatcher.removeObserver(token) }
    stallObserver = nil
    if periodicSource != 0 { g_source_remove(periodicSource) }
    periodicSource = 0
    GlobalGuard.uninstall()
    configuration = nil
    g_type_set_qdata(gtk_button_get_type(), processMark, nil)
  }
}

/// The periodic stall's timeout, outside the main actor like every C callback
/// of ClickGuardGtk (`MainThread` enters the main actor).
private let periodicStallTimeout: @convention(c) (gpointer?) -> gboolean = { _ in
  MainThread.run(GtkModule.stallThenReschedule)
  return 0  // G_SOURCE_REMOVE: the next one is armed
}
