import CGtk
import ClickGuardGtk
import ClickGuardRules

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
/// ``start()`` reads the settings (``SettingsInForce``), logs rejected values,
/// installs ``GlobalGuard`` and the log, and follows the rules file. A second
/// copy of the module stays idle: the GTK layer's first copy claims the process.
@MainActor
package enum GtkModule {
  /// The module's one piece of process-wide state, while started.
  private static var session: ModuleSession?

  /// The settings in force, or `nil` when not started.
  package static var configuration: ModuleConfiguration? { session?.settings }
  /// Whether the module is running in this process.
  package static var isStarted: Bool { session != nil }

  /// Starts with the environment's and the rules file's settings, on GTK's
  /// thread after `gtk_init`.
  /// - Returns: whether this call started the module.
  @discardableResult
  package static func start() -> Bool {
    var environment: [String: String] = [:]
    for name in ModuleConfiguration.variables + [RulesFileLocation.variable] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let program = swiftString(g_get_prgname()) ?? ""
    let rules = RulesFile(reading: RulesFileLocation.current)
    var settings = SettingsInForce(program: program, environment: environment, file: rules).moduleConfiguration
    // The log's file name as bytes: it need not be UTF-8.
    if case .file = settings.log, let name = getenv(ModuleConfiguration.logVariable) {
      settings.log = .file(ByteString(cString: name))
    }
    guard start(settings) else { return false }
    session?.followRules(at: rules.location, program: program, environment: environment)
    return true
  }

  /// Starts with `settings`, logging its warnings through GLib.
  /// - Returns: whether this call started the module.
  @discardableResult
  package static func start(_ settings: ModuleConfiguration) -> Bool {
    guard !isStarted else { return false }
    GlobalGuard.install()
    guard GlobalGuard.isInstalled else {
      cg_log_debug("another copy of ClickGuard guards this process; this one stays idle")
      return false
    }
    for warning in settings.warnings { logMessage(warning.description) }
    for line in RulesFileWarning.logLines(settings.rulesWarnings) { logMessage(line) }
    session = ModuleSession(settings: settings, dispatcher: GtkClickGuard.dispatcher)
    return true
  }

  /// Stops everything ``start(_:)`` started (for tests: a GTK module stays for life).
  package static func stop() {
    guard let session else { return }
    session.stop()
    Self.session = nil
    GlobalGuard.uninstall()
  }

  /// Logs through GLib, domain `ClickGuard`, at the message level: a warning
  /// would abort a host run with `G_DEBUG=fatal-warnings`.
  static func logMessage(_ message: String) {
    cg_log_message(message)
  }
}
