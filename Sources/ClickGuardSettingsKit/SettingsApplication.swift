import CGtk
import ClickGuard
import ClickGuardGtk
import ClickGuardRules

#if canImport(Glibc)
  import Glibc
#endif

/// The settings application, `clickguard-settings`
/// (`io.github.clickguard.Settings`): one window (``SettingsWindow``) for
/// the user's session switch, rules file and counts of ignored clicks.
///
/// ```swift
/// exit(SettingsApplication.main())
/// ```
@MainActor
package final class SettingsApplication {
  /// The application id, also the desktop file's name.
  package static let applicationID = "io.github.clickguard.Settings"
  /// The program name.
  package static let programName = "clickguard-settings"
  /// Its one option of its own, and that option's help (the manual page
  /// lists them).
  package nonisolated static let versionOption = (name: "version", help: "Print the version and exit")

  private let application: UnsafeMutablePointer<GtkApplication>
  private var settingsWindow: SettingsWindow?

  /// Runs the application with the process's command line.
  /// - Returns: the exit status.
  package static func main() -> Int32 {
    let app = SettingsApplication()
    return withExtendedLifetime(app) { app.run() }
  }

  private init() {
    application = gtk_application_new(Self.applicationID, G_APPLICATION_DEFAULT_FLAGS)
  }

  isolated deinit {
    g_object_unref(application.raw)
  }

  private func run() -> Int32 {
    // GTK loads its modules as it starts: once the session loads
    // ClickGuard's, this window's own ClickGuard guards it, not the module.
    GtkClickGuard.claimProcess()
    g_application_add_main_option(
      application.cast(), Self.versionOption.name, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, Self.versionOption.help,
      nil)
    Signal.connect(
      application.raw, "handle-local-options",
      withArgument: { [weak self] _, options in
        if let options,
          g_variant_dict_contains(options.assumingMemoryBound(to: GVariantDict.self), Self.versionOption.name) != 0
        {
          print("\(Self.programName) \(ClickGuardVersion.current)")
          return 0
        }
        return self?.startGtk() ?? 1
      })
    Signal.connect(application.raw, "activate") { [weak self] _ in self?.activate() }
    return g_application_run(application.cast(), CommandLine.argc, CommandLine.unsafeArgv)
  }

  /// After GApplication parsed the command line (`--help` needs no
  /// display): starts GTK, or says why it cannot.
  /// - Returns: -1 to go on, or the exit status.
  private func startGtk() -> Int32 {
    do {
      try GtkClickGuard.start()
    } catch {
      let message = "\(Self.programName): \(error)\n"
      _ = message.utf8CString.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
      return 1
    }
    return -1
  }

  private func activate() {
    if let settingsWindow {
      gtk_window_present(settingsWindow.window.cast())
      return
    }
    let window = SettingsWindow(application: application, rules: RulesFileLocation.current, session: .desktop)
    settingsWindow = window
    window.show()
  }
}
