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
/// ``start()`` reads ``ModuleConfiguration`` from the environment and the
/// rules file (``SettingsInForce``), logs one message per rejected value,
/// configures
/// ``GtkClickGuard/dispatcher``, installs ``GlobalGuard``, and starts the
/// ``DecisionLog`` and the stalls asked for, and follows the rules file's
/// changes (``RulesFileWatch``). Starting again is harmless, even
/// from a second copy of the module loaded from another path: the first one
/// marks the process (GType data on GtkButton) and the others stay idle.
@MainActor
package enum GtkModule {
  /// What the module runs while it is started in this process: its one
  /// piece of process-wide state, as the module is process-wide itself.
  private static var session: ModuleSession?

  /// The settings in force, or `nil` when not started.
  package static var configuration: ModuleConfiguration? { session?.settings }
  /// Whether the module is running in this process.
  package static var isStarted: Bool { session != nil }

  // g_quark_from_string, not _static_string: Swift passes a temporary copy of
  // the literal, and another copy of the module must find the same quark.
  private static let processMark: GQuark = g_quark_from_string("clickguard-module-started")

  /// Starts with the settings in the process environment and the rules
  /// file (``SettingsInForce``). Call on GTK's thread after `gtk_init` (GTK
  /// calls `gtk_module_init` from there).
  /// - Returns: whether this call started the module (`false` when it was
  ///   already running here or in another copy).
  @discardableResult
  package static func start() -> Bool {
    var environment: [String: String] = [:]
    for name in ModuleConfiguration.variables + [RulesFileLocation.variable] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let program = swiftString(g_get_prgname()) ?? ""
    // The rules file's name as the environment holds it (bytes, as the log's).
    let rules = RulesFile(reading: RulesFileLocation.current)
    var settings = SettingsInForce(program: program, environment: environment, file: rules).moduleConfiguration
    // The log's file name as the environment holds it: bytes, not
    // necessarily UTF-8, which a String would have changed.
    if case .file = settings.log, let name = getenv(ModuleConfiguration.logVariable) {
      settings.log = .file(FileName(cString: name))
    }
    guard start(settings) else { return false }
    session?.followRules(at: rules.location, program: program, environment: environment)
    return true
  }

  /// Starts with `settings`, logging its warnings through GLib.
  /// - Returns: whether this call started the module.
  @discardableResult
  package static func start(_ settings: ModuleConfiguration) -> Bool {
    let buttonType = gtk_button_get_type()
    guard !isStarted, g_type_get_qdata(buttonType, processMark) == nil else { return false }
    g_type_set_qdata(buttonType, processMark, UnsafeMutableRawPointer(bitPattern: 1))
    for warning in settings.warnings { logMessage(warning.description) }
    for line in RulesFileWarning.logLines(settings.rulesWarnings) { logMessage(line) }
    GlobalGuard.install()
    guard GlobalGuard.isInstalled else {
      // The app guards itself with ClickGuardGtk: one guard judges.
      cg_log_debug("the app is built with ClickGuardGtk and guards itself; the module stays idle")
      return false
    }
    session = ModuleSession(settings: settings, dispatcher: GtkClickGuard.dispatcher)
    return true
  }

  /// Stops everything ``start(_:)`` started and uninstalls ``GlobalGuard``;
  /// the dispatcher keeps its configuration. For tests: a GTK module stays
  /// for the life of the process.
  package static func stop() {
    guard let session else { return }
    session.stop()
    Self.session = nil
    GlobalGuard.uninstall()
    g_type_set_qdata(gtk_button_get_type(), processMark, nil)
  }

  /// Logs `message` through GLib's structured logging, domain `ClickGuard`,
  /// so `G_MESSAGES_DEBUG`, the journal and the app's own log writer see it.
  /// At the message level: a warning would abort a host run with
  /// `G_DEBUG=fatal-warnings`, and the module must not change how its host
  /// behaves.
  static func logMessage(_ message: String) {
    cg_log_message(message)
  }
}
