// DoctorFacts: what `clickguard doctor` looks at, gathered in one place
// (environment, files, the running GTK) so the report itself is pure and
// tests can give made-up facts.

import CGtk
import ClickGuardGObject
import ClickGuardRules

/// Everything `clickguard doctor` reports on.
package struct DoctorFacts: Sendable {
  /// The GTK version the process runs with (`3.24.38`).
  package var gtkVersion: String
  /// The GLib version (`2.74.6`).
  package var glibVersion: String
  /// GTK's library directory, and whether it came from the mapped
  /// libgtk-3.so (`true`) or a guess (`false`).
  package var gtkLibraryDirectory: (path: String, measured: Bool)
  /// The process environment.
  package var environment: [String: String]
  /// The directory of the `clickguard` executable.
  package var executableDirectory: String
  /// The user's config directory (`g_get_user_config_dir`).
  package var userConfigDirectory: String
  /// The system config directories (`g_get_system_config_dirs`).
  package var systemConfigDirectories: [String]
  /// Whether a file exists.
  package var exists: @Sendable (String) -> Bool
  /// The `gtk-modules` of the `[Settings]` group of a settings.ini, or
  /// `nil` when the file does not exist or does not set it.
  package var gtkModulesSetting: @Sendable (String) -> String?
  /// The settings in force for a program (`nil`: none of its own).
  package var settings: @Sendable (String?) -> SettingsInForce
  /// The display's own `gtk-modules` setting (XSETTINGS `Gtk/Modules`, which
  /// a settings daemon publishes): the display's name and the value (`nil`:
  /// not set); `nil` when no display could be opened.
  package var displayModules: (display: String, value: String?)?
  /// The file `CLICKGUARD_LOG` names, or `nil` (unset, or standard error).
  package var logFile: LogFile?
  /// The display GDK opened (its backend, the settings source GTK uses on
  /// it), or `nil` when none could be opened.
  package var display: Display?

  /// Facts given one by one (tests give made-up ones).
  package init(
    gtkVersion: String, glibVersion: String, gtkLibraryDirectory: (path: String, measured: Bool),
    environment: [String: String], executableDirectory: String, userConfigDirectory: String,
    systemConfigDirectories: [String], exists: @escaping @Sendable (String) -> Bool,
    gtkModulesSetting: @escaping @Sendable (String) -> String?,
    settings: @escaping @Sendable (String?) -> SettingsInForce, displayModules: (display: String, value: String?)?,
    logFile: LogFile? = nil, display: Display? = nil
  ) {
    self.gtkVersion = gtkVersion
    self.glibVersion = glibVersion
    self.gtkLibraryDirectory = gtkLibraryDirectory
    self.environment = environment
    self.executableDirectory = executableDirectory
    self.userConfigDirectory = userConfigDirectory
    self.systemConfigDirectories = systemConfigDirectories
    self.exists = exists
    self.gtkModulesSetting = gtkModulesSetting
    self.settings = settings
    self.displayModules = displayModules
    self.logFile = logFile
    self.display = display
  }

  /// The facts of this process and machine.
  package static func current() -> DoctorFacts {
    let raw = ProcessEnvironment.bytes()
    let environment = raw.mapValues { String(decoding: $0.bytes, as: UTF8.self) }
    // The rules file at its path's bytes, read as the module reads it
    // (never blocking on a FIFO, never filling memory from a device).
    let rules = RulesFileLocation(
      environment: raw, configDirectory: g_get_user_config_dir().map { ByteString(cString: $0) } ?? "")
    let maps = LocalFiles.text(atPath: "/proc/self/maps") ?? ""
    let measured = GtkModuleSearch.libraryDirectory(maps: maps)
    let userConfig = g_get_user_config_dir().map { String(cString: $0) } ?? ""
    var systemConfig: [String] = []
    if let dirs = g_get_system_config_dirs() {
      var index = 0
      while let dir = dirs[index] {
        systemConfig.append(String(cString: dir))
        index += 1
      }
    }
    let opened = readDisplay()
    return DoctorFacts(
      gtkVersion: "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())",
      glibVersion: "\(glib_major_version).\(glib_minor_version).\(glib_micro_version)",
      gtkLibraryDirectory: (measured ?? "/usr/lib/" + ModuleLocator.multiarch, measured != nil),
      environment: environment, executableDirectory: LocalFiles.executableDirectory(),
      userConfigDirectory: userConfig, systemConfigDirectories: systemConfig,
      exists: LocalFiles.exists, gtkModulesSetting: Self.readGtkModules,
      settings: {
        SettingsInForce(
          program: $0 ?? "", environment: environment,
          file: RulesFile(reading: rules))
      },
      displayModules: opened?.modules, logFile: LogFile.current(raw[ModuleConfiguration.logVariable]),
      display: opened?.display)
  }

  /// The default display (which backend, which settings source) and its
  /// `gtk-modules` setting (XSETTINGS on X11, the org.gtk.Settings service's
  /// Modules on Wayland), read through GDK alone (no `gtk_init`, so no
  /// module is loaded into this process); `nil` when none opens.
  static func readDisplay() -> (display: Display, modules: (display: String, value: String?))? {
    guard let (display, screen) = defaultScreen() else { return nil }
    let opened = Display.of(display)
    // GDK on Wayland asks org.gtk.Settings asynchronously: wait for its answer.
    let waitMs = opened.hasSettingsService == true ? 1000 : 0
    let modules = gtkModules(of: screen, waitingUpTo: waitMs) { $0 != nil }
    return (opened, (opened.name, modules))
  }

  /// Whether the default display's `gtk-modules` lists ClickGuard within
  /// `seconds` (the main loop runs meanwhile, so a settings daemon's change
  /// arrives); `nil` when no display opens.
  package static func displayListsClickGuard(within seconds: Int) -> Bool? {
    guard let (_, screen) = defaultScreen() else { return nil }
    let lists = { (modules: String?) in modules.map { GtkModuleList(ByteString($0)).hasClickGuard } ?? false }
    return lists(gtkModules(of: screen, waitingUpTo: seconds * 1000, until: lists))
  }

  /// The default display, opened through GDK alone, and its screen.
  private static func defaultScreen() -> (display: OpaquePointer, screen: OpaquePointer)? {
    guard gdk_init_check(nil, nil) != 0, let display = gdk_display_get_default(),
      let screen = gdk_display_get_default_screen(display)
    else { return nil }
    return (display, screen)
  }

  /// The screen's `gtk-modules`, read again while the main loop runs until
  /// `done` accepts it or `milliseconds` have passed.
  private static func gtkModules(
    of screen: OpaquePointer, waitingUpTo milliseconds: Int, until done: (String?) -> Bool
  ) -> String? {
    let deadline = g_get_monotonic_time() + milliseconds * 1000
    var modules = gtkModules(of: screen)
    while !done(modules), g_get_monotonic_time() < deadline {
      while g_main_context_iteration(nil, 0) != 0 {}
      g_usleep(10_000)
      modules = gtkModules(of: screen)
    }
    return modules
  }

  /// The screen's `gtk-modules` setting, or `nil` when it is not set.
  private static func gtkModules(of screen: OpaquePointer) -> String? {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    defer { g_value_unset(&value) }
    guard gdk_screen_get_setting(screen, "gtk-modules", &value) != 0, let text = g_value_get_string(&value) else {
      return nil
    }
    return String(cString: text)
  }

  /// The `gtk-modules` key of `path`'s `[Settings]` group, read with
  /// GKeyFile as GTK reads it.
  @Sendable static func readGtkModules(_ path: String) -> String? {
    let file = g_key_file_new()
    defer { g_key_file_free(file) }
    guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, nil) != 0,
      let value = g_key_file_get_string(file, "Settings", "gtk-modules", nil)
    else { return nil }
    defer { g_free(value) }
    return String(cString: value)
  }
}
