// DoctorReportTests: GTK 3's search for a module by name replayed
// (directories and order as measured with strace), the settings.ini files in
// GTK's order, and the doctor's findings on made-up machines: a module GTK
// finds by name, one switched on twice, one named but missing.

import ClickGuardAppSupport
import ClickGuardCommandKit
import ClickGuardGtkModule
import ClickGuardRules
import Testing

@Suite struct DoctorReportTests {
  @Test func gtkSearchesGtkPathThenItsOwnDirectoryWithVersionAndHostSubdirectories() {
    let search = GtkModuleSearch(
      gtkPath: "/opt/a: :/opt/b", exePrefix: nil, libraryDirectory: "/usr/lib/x86_64-linux-gnu")
    #expect(search.bases == ["/opt/a", "/opt/b", "/usr/lib/x86_64-linux-gnu/gtk-3.0"])
    #expect(
      Array(search.files(for: "clickguard").prefix(8)) == [
        "/opt/a/3.0.0/linux/modules/libclickguard.so", "/opt/a/3.0.0/linux/modules/libclickguard.la",
        "/opt/a/3.0.0/modules/libclickguard.so", "/opt/a/3.0.0/modules/libclickguard.la",
        "/opt/a/linux/modules/libclickguard.so", "/opt/a/linux/modules/libclickguard.la",
        "/opt/a/modules/libclickguard.so", "/opt/a/modules/libclickguard.la",
      ])
    #expect(search.directories.count == 12)
    let installed = "/usr/lib/x86_64-linux-gnu/gtk-3.0/modules/libclickguard.so"
    #expect(
      search.find("clickguard") { $0 == installed || $0 == "/opt/b/modules/libclickguard.la" }
        == "/opt/b/modules/libclickguard.la")
    #expect(search.find("clickguard") { $0 == installed } == installed)
    #expect(search.find("clickguard") { _ in false } == nil)
    let prefixed = GtkModuleSearch(gtkPath: nil, exePrefix: "/opt/gtk", libraryDirectory: "/usr/lib")
    #expect(prefixed.bases == ["/opt/gtk/lib/gtk-3.0"])
  }

  @Test func gtksLibraryDirectoryComesFromTheMappedLibrary() {
    let maps = """
      7f00-7f01 r--p 00000000 08:01 123 /usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.6
      7f02-7f03 r-xp 00000000 08:01 124 /usr/lib/x86_64-linux-gnu/libgtk-3.so.0.2404.32
      """
    #expect(GtkModuleSearch.libraryDirectory(maps: maps) == "/usr/lib/x86_64-linux-gnu")
    #expect(GtkModuleSearch.libraryDirectory(maps: "7f00-7f01 r--p 0 0 0 [heap]") == nil)
  }

  @Test func settingsFilesComeInGtksOrderAndTheLastSettingWins() {
    let files = GtkSettingsFiles(
      prefix: GtkSettingsFiles.prefix(libraryDirectory: "/usr/lib/x86_64-linux-gnu"), configDirectories: ["/etc/xdg"],
      userConfigDirectory: "/home/u/.config")
    #expect(
      files.paths == [
        "/usr/share/gtk-3.0/settings.ini", "/etc/gtk-3.0/settings.ini", "/etc/xdg/gtk-3.0/settings.ini",
        "/home/u/.config/gtk-3.0/settings.ini",
      ])
    let inForce = files.inForce([
      "/etc/gtk-3.0/settings.ini": "clickguard", "/home/u/.config/gtk-3.0/settings.ini": "canberra-gtk-module",
    ])
    #expect(inForce?.path == "/home/u/.config/gtk-3.0/settings.ini")
    #expect(inForce?.value == "canberra-gtk-module")
    #expect(GtkSettingsFiles.prefix(libraryDirectory: "/opt/gtk/lib") == "/opt/gtk")
  }

  private func facts(
    environment: [String: String] = [:], files: Set<String>, settingsIni: [String: String] = [:],
    display: (display: String, value: String?)? = nil, opened: DoctorFacts.Display? = nil
  ) -> DoctorFacts {
    DoctorFacts(
      gtkVersion: "3.24.38", glibVersion: "2.74.6", gtkLibraryDirectory: ("/usr/lib/x86_64-linux-gnu", true),
      environment: environment, executableDirectory: "/usr/bin", userConfigDirectory: "/home/u/.config",
      systemConfigDirectories: ["/etc/xdg"], exists: { files.contains($0) || settingsIni[$0] != nil },
      gtkModulesSetting: { settingsIni[$0] },
      settings: { program in
        SettingsInForce(
          program: program ?? "", environment: environment,
          file: RulesFile(
            parsing: Array("[default]\ninterval-ms=300\n".utf8),
            location: RulesFileLocation(path: "/home/u/.config/clickguard/clickguard.conf", isExplicit: false)))
      }, displayModules: display, display: opened)
  }

  private let installed = "/usr/lib/x86_64-linux-gnu/gtk-3.0/modules/libclickguard.so"

  @Test func anInstalledModuleSwitchedOnInSettingsIniIsFoundWithoutProblems() {
    let report = DoctorReport(
      facts(files: [installed], settingsIni: ["/home/u/.config/gtk-3.0/settings.ini": "clickguard"]), program: "calc")
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.text.contains("GTK 3.24.38, GLib 2.74.6"))
    #expect(report.text.contains("clickguard run loads \(installed)"))
    #expect(report.text.contains("GTK would load \(installed)"))
    #expect(report.text.contains("ClickGuard is switched on by gtk-modules"))
    #expect(report.text.contains("interval-ms = 300"))
    #expect(report.text.contains("(/home/u/.config/clickguard/clickguard.conf:2 [default])"))
    #expect(report.text.hasSuffix("No problems found.\n"))
  }

  @Test func aModuleNamedButNotFoundAndOneNamedTwiceAreProblems() {
    let report = DoctorReport(
      facts(
        environment: ["GTK3_MODULES": "clickguard:/x/libclickguard-gtk-module.so"], files: [],
        settingsIni: [:]),
      program: nil)
    #expect(report.problems.contains("no ClickGuard module found: install it (make install) or set CLICKGUARD_MODULE"))
    #expect(report.problems.contains("GTK3_MODULES names /x/libclickguard-gtk-module.so, which does not exist"))
    #expect(report.problems.contains("GTK3_MODULES loads 'clickguard' by name, but GTK cannot find libclickguard.so"))
    #expect(report.problems.contains { $0.hasPrefix("ClickGuard is named 2 times") })
    #expect(report.text.contains("Problems:"))
  }

  @Test func theDisplaysOwnGtkModulesCount() {
    let report = DoctorReport(
      facts(files: [installed], display: (":0", "canberra-gtk-module:clickguard")), program: nil)
    #expect(report.text.contains("display :0: gtk-modules=canberra-gtk-module:clickguard"))
    #expect(report.text.contains("ClickGuard is switched on by the display's gtk-modules"))
    #expect(report.problems.isEmpty, "\(report.problems)")
    let none = DoctorReport(facts(files: [installed], display: (":0", nil)), program: nil)
    #expect(none.text.contains("display :0: sets no gtk-modules"))
    #expect(none.text.contains("ClickGuard is not in force for GTK 3 apps started from here"))
    #expect(none.problems == ["ClickGuard is not in force for GTK 3 apps started from here: run 'clickguard enable'"])
  }

  /// GNOME's gsd-xsettings publishes gtk-modules without ClickGuard: the
  /// settings.ini line is overridden, which is a problem with its fix;
  /// GTK3_MODULES loads ClickGuard whatever the display says.
  @Test func theDisplaysGtkModulesWinOverSettingsIniAndTheEnvironmentOverBoth() {
    let userFile = "/home/u/.config/gtk-3.0/settings.ini"
    let overridden = DoctorReport(
      facts(files: [installed], settingsIni: [userFile: "clickguard"], display: (":0", "canberra-gtk-module")),
      program: nil)
    #expect(
      overridden.text.contains(
        "\(userFile) names ClickGuard, but the display's gtk-modules wins over the files: it is not in force"))
    #expect(!overridden.text.contains("ClickGuard is switched on by"))
    #expect(
      overridden.problems == [
        "ClickGuard is not in force for GTK 3 apps started from here (the display's gtk-modules, which wins over "
          + "settings.ini, does not name it): run 'clickguard enable'"
      ])
    let environment = DoctorReport(
      facts(
        environment: ["GTK3_MODULES": "clickguard"], files: [installed], settingsIni: [userFile: "clickguard"],
        display: (":0", "canberra-gtk-module")),
      program: nil)
    #expect(environment.text.contains("ClickGuard is switched on by GTK3_MODULES for apps started from here."))
    #expect(environment.problems.isEmpty, "\(environment.problems)")
  }

  /// On Wayland the doctor names the backend and the settings source GTK
  /// uses there: the org.gtk.Settings D-Bus service when it runs (its
  /// Modules then count as the display's gtk-modules), else settings.ini.
  @Test func theDisplaysBackendAndSettingsSourceAreReported() {
    let environment = ["GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": "wayland-0"]
    let wayland = DoctorReport(
      facts(
        environment: environment, files: [installed], display: ("wayland-0", "clickguard"),
        opened: DoctorFacts.Display(name: "wayland-0", backend: .wayland, hasSettingsService: true)),
      program: nil)
    #expect(wayland.text.contains("Display\n  GDK_BACKEND=wayland, WAYLAND_DISPLAY=wayland-0, DISPLAY not set\n"))
    #expect(wayland.text.contains("GDK opens wayland-0: Wayland"))
    #expect(
      wayland.text.contains(
        "come from the org.gtk.Settings D-Bus service (gsd-xsettings) on the session bus, over the settings.ini files"))
    #expect(
      wayland.text.contains(
        "display wayland-0: gtk-modules=clickguard (the org.gtk.Settings service's Modules, over the files)"))
    #expect(wayland.text.contains("ClickGuard is switched on by the display's gtk-modules"))
    let noService = DoctorReport(
      facts(
        environment: environment, files: [installed], display: ("wayland-0", nil),
        opened: DoctorFacts.Display(name: "wayland-0", backend: .wayland, hasSettingsService: false)),
      program: nil)
    #expect(noService.text.contains("come from the settings.ini files only: no org.gtk.Settings D-Bus service"))
    let x11 = DoctorReport(
      facts(
        environment: ["DISPLAY": ":0"], files: [installed], display: (":0", nil),
        opened: DoctorFacts.Display(name: ":0", backend: .x11)),
      program: nil)
    #expect(x11.text.contains("GDK opens :0: X11"))
    #expect(x11.text.contains("come from XSETTINGS (a settings daemon: gsd-xsettings, xsettingsd)"))
    let none = DoctorReport(facts(files: [installed]), program: nil)
    #expect(none.text.contains("GDK opens no display here"))
  }
}
