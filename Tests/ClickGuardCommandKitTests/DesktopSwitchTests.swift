// DesktopSwitchTests: `clickguard enable`, `disable` and `status` in the
// sessions a person has. GNOME: a real gsd-xsettings (package
// gnome-settings-daemon) in its own D-Bus session under the test's Xvfb,
// reading ClickGuard's compiled schema (GSETTINGS_SCHEMA_DIR) and the
// packaged clickguard.desktop in its fixed gtk-modules directory (installed
// there for the test, as root, and removed after: gsd-xsettings reads only
// that directory, fixed when it was built, no variable moves it), with
// GSettings' keyfile backend in a scratch XDG_CONFIG_HOME shared by the
// daemon and the command. Apps running through enable and disable are
// guarded, then idle (the module's ModuleSwitchWatch). One test installs
// the .deb itself with dpkg, enables, and removes it.
// Xfce: a real xfsettingsd (package xfce4-settings) in its own D-Bus
// session, whose xfconfd the command and xfconf-query reach on that bus.
// Elsewhere: settings.ini. The fixture app (Fixtures/clickcount.c) finds the
// module by name through GTK_PATH, as an installed one would be found.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class DesktopSwitchTests: XCTestCase {
  private static let gsd = "/usr/libexec/gsd-xsettings"
  private static let gsdDirectory = "/usr/lib/gnome-settings-daemon-3.0/gtk-modules"
  private static let gsdFile = gsdDirectory + "/clickguard.desktop"
  private static let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("packaging/gnome")

  /// A scratch home: XDG_CONFIG_HOME, a compiled schema directory, and a
  /// GTK_PATH whose gtk-3.0/modules holds libclickguard.so (the built
  /// module under its installed name).
  private func scratchSession() throws -> (root: URL, environment: [String: String]) {
    let root = ModuleHarness.scratch.appendingPathComponent("desktop-\(UUID().uuidString)")
    let files = FileManager.default
    let schemas = root.appendingPathComponent("schemas")
    let modules = root.appendingPathComponent("gtk/gtk-3.0/modules")
    for directory in [schemas, modules, root.appendingPathComponent("config")] {
      try files.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    try files.copyItem(
      at: Self.packaging.appendingPathComponent("io.github.clickguard.gschema.xml"),
      to: schemas.appendingPathComponent("io.github.clickguard.gschema.xml"))
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
    compile.arguments = ["--strict", schemas.path]
    try compile.run()
    compile.waitUntilExit()
    XCTAssertEqual(compile.terminationStatus, 0, "glib-compile-schemas --strict")
    try files.createSymbolicLink(
      atPath: modules.appendingPathComponent("libclickguard.so").path,
      withDestinationPath: try ModuleHarness.modulePath())
    return (
      root,
      [
        "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "GSETTINGS_BACKEND": "keyfile",
        "GSETTINGS_SCHEMA_DIR": schemas.path, "XDG_CURRENT_DESKTOP": "",
      ]
    )
  }

  /// `clickguard CMD` with the session's variables, and GTK3_MODULES unset.
  private func command(_ arguments: [String], _ environment: [String: String]) throws -> CommandHarness.Output {
    var env: [String: String?] = environment
    env["GTK3_MODULES"] = nil
    env["GTK_MODULES"] = nil
    return try CommandHarness.run(arguments, environment: env)
  }

  /// Runs `status` until its output contains `text` (the daemon publishes
  /// a change within a moment), for at most 5 s; the last output.
  private func status(until text: String, _ environment: [String: String]) throws -> CommandHarness.Output {
    var output = try command(["status"], environment)
    let deadline = Date().addingTimeInterval(5)
    while !output.stdout.contains(text), Date() < deadline {
      usleep(100_000)
      output = try command(["status"], environment)
    }
    return output
  }

  /// How many times the running fixture's Count button has counted so far.
  private func clicks(of app: FixtureApp) -> Int {
    app.stdoutLines.filter { $0.hasPrefix("clicked ") }.count
  }

  /// Right after enable: 5 more clicks in the app that ran through it
  /// count once (it had counted 5), and so does a burst in an app started
  /// now, which is returned still running.
  private func assertSwitchedOn(
    _ running: FixtureApp, _ environment: [String: String], gtkPath: String, line: UInt = #line
  ) throws -> FixtureApp {
    usleep(500_000)  // the running app applies the new gtk-modules from its main loop
    running.click("count", count: 5)
    XCTAssertEqual(
      clicks(of: running), 5 + 1, "the app running when enable ran is guarded without a restart", line: line)
    var env = environment
    env["GTK_PATH"] = gtkPath
    let started = try FixtureApp(modules: nil, environment: env, arguments: ["--seconds", "90"])
    started.click("count", count: 5)
    XCTAssertEqual(clicks(of: started), 1, "after enable, a new app is guarded", line: line)
    return started
  }

  /// A burst of 5 clicks on the fixture's Count button: how many counted.
  private func burst(_ environment: [String: String], gtkPath: String) throws -> Int? {
    var env = environment
    env["GTK_PATH"] = gtkPath
    let app = try FixtureApp(modules: nil, environment: env)
    app.click("count", count: 5)
    return app.finish().clicked
  }

  func testGnomeEnableIsOneGSettingsKeyThatGsdXsettingsPublishesToNewAndRunningApps() throws {
    try XDisplay.require()
    guard FileManager.default.isExecutableFile(atPath: Self.gsd) else {
      throw XCTSkip("gsd-xsettings is not installed (scripts/deps.sh installs gnome-settings-daemon)")
    }
    guard getuid() == 0 else { throw XCTSkip("installing clickguard.desktop in \(Self.gsdDirectory) needs root") }
    let desktopFile = Self.gsdDirectory + "/clickguard.desktop"
    let installedByTest = !FileManager.default.fileExists(atPath: desktopFile)
    if installedByTest {
      try FileManager.default.createDirectory(atPath: Self.gsdDirectory, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: Self.packaging.appendingPathComponent("clickguard.desktop").path, toPath: desktopFile)
    }
    defer { if installedByTest { try? FileManager.default.removeItem(atPath: desktopFile) } }
    let (root, environment) = try scratchSession()
    let gtkPath = root.appendingPathComponent("gtk/gtk-3.0").path
    let daemon = try SessionDaemon([Self.gsd], environment: environment, scratch: root)
    defer { daemon.stop() }
    let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    let before = try status(until: "display \(display): gtk-modules=", environment)
    XCTAssertEqual(before.status, 1, before.stdout)
    XCTAssertTrue(before.stdout.contains("gsd-xsettings) runs"), before.stdout)
    XCTAssertTrue(before.stdout.contains("enable uses io.github.clickguard enabled"), before.stdout)

    // Only settings.ini names ClickGuard: gsd's XSETTINGS wins, and the
    // doctor says so and exits 1 with the command that fixes it.
    let ini = root.appendingPathComponent("config/gtk-3.0/settings.ini")
    try FileManager.default.createDirectory(at: ini.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("[Settings]\ngtk-modules=clickguard\n".utf8).write(to: ini)
    var doctorEnvironment = environment
    doctorEnvironment["GTK_PATH"] = gtkPath
    let doctor = try command(["doctor"], doctorEnvironment)
    XCTAssertEqual(doctor.status, 1, doctor.stdout)
    XCTAssertTrue(
      doctor.stdout.contains("names ClickGuard, but the display's gtk-modules wins over the files: it is not in force"),
      doctor.stdout)
    XCTAssertTrue(
      doctor.stdout.contains(
        "ClickGuard is not in force for GTK 3 apps started from here (the display's gtk-modules, which wins over "
          + "settings.ini, does not name it): run 'clickguard enable'"), doctor.stdout)
    let overridden = try command(["status"], environment)
    XCTAssertEqual(overridden.status, 1, overridden.stdout)
    XCTAssertTrue(overridden.stdout.contains("the display's gtk-modules overrides it: it is not in force"))
    try FileManager.default.removeItem(at: ini)

    XCTAssertEqual(try burst(environment, gtkPath: gtkPath), 5, "before enable, unguarded")
    // An app running through enable, disable and enable again, logging its
    // decisions once the module is in it.
    let log = root.appendingPathComponent("running.jsonl")
    var runningEnvironment = environment
    runningEnvironment["GTK_PATH"] = gtkPath
    runningEnvironment["CLICKGUARD_LOG"] = log.path
    let running = try FixtureApp(modules: nil, environment: runningEnvironment, arguments: ["--seconds", "90"])
    running.click("count", count: 5)

    let enable = try command(["enable"], environment)
    XCTAssertEqual(enable.status, 0, enable.stdout + enable.stderr)
    XCTAssertTrue(
      enable.stdout.contains("set io.github.clickguard enabled to true (was false)"), enable.stdout)
    XCTAssertTrue(enable.stdout.contains("Undo: clickguard disable"), enable.stdout)
    let on = try status(until: "gtk-modules=clickguard", environment)
    XCTAssertEqual(on.status, 0, on.stdout)
    XCTAssertTrue(on.stdout.contains("io.github.clickguard enabled: true"), on.stdout)
    let keyfile = try String(
      contentsOf: root.appendingPathComponent("config/glib-2.0/settings/keyfile"), encoding: .utf8)
    XCTAssertTrue(keyfile.contains("[io/github/clickguard]\nenabled=true"), keyfile)

    let startedOn = try assertSwitchedOn(running, environment, gtkPath: gtkPath)

    let disable = try command(["disable"], environment)
    XCTAssertEqual(disable.status, 0, disable.stdout + disable.stderr)
    XCTAssertTrue(disable.stdout.contains("io.github.clickguard enabled back to false"), disable.stdout)
    XCTAssertTrue(disable.stdout.contains("running GTK 3 apps stop guarding"), disable.stdout)
    let off = try status(until: "display \(display): gtk-modules= (", environment)
    XCTAssertEqual(off.status, 1, off.stdout)
    XCTAssertEqual(try burst(environment, gtkPath: gtkPath), 5, "after disable, unguarded again")
    let keyfileAfter = try String(
      contentsOf: root.appendingPathComponent("config/glib-2.0/settings/keyfile"), encoding: .utf8)
    XCTAssertFalse(keyfileAfter.contains("enabled="), "disable resets the key to its default: \(keyfileAfter)")

    // The module GTK loaded into the running apps stays, idle: every click
    // runs and none is judged (no decision logged). The app started last
    // is on top: it goes first.
    startedOn.click("count", count: 5)
    XCTAssertEqual(startedOn.finish().clicked, 1 + 5, "after disable, the app started while on is unguarded")
    running.click("count", count: 5)
    XCTAssertEqual(clicks(of: running), 5 + 1 + 5, "after disable, the running app is unguarded again")
    let judged = try JSONLines.objects(in: log).filter { $0["label"] as? String == "Count" }.count
    XCTAssertEqual(judged, 5, "the 5 clicks after enable are judged, none after disable")

    // Listed again: the same copy guards again.
    XCTAssertEqual(try command(["enable"], environment).status, 0)
    _ = try status(until: "gtk-modules=clickguard", environment)
    usleep(500_000)
    running.click("count", count: 5)
    XCTAssertEqual(running.finish().clicked, 5 + 1 + 5 + 1, "enabled again, the running app is guarded again")
    XCTAssertEqual(try command(["disable"], environment).status, 0)
  }

  /// The package, installed with dpkg on this machine: installed, enabled
  /// with the installed command, then removed, under a real gsd-xsettings
  /// that reads the package's clickguard.desktop from its fixed directory
  /// and the schema dpkg's trigger compiled into the system's. As root,
  /// where the package is not installed already.
  func testGnomeTheInstalledPackageSwitchesOnAndOnceRemovedNoAppIsAskedToLoadTheModule() throws {
    try XDisplay.require()
    guard FileManager.default.isExecutableFile(atPath: Self.gsd) else {
      throw XCTSkip("gsd-xsettings is not installed (scripts/deps.sh installs gnome-settings-daemon)")
    }
    guard getuid() == 0 else { throw XCTSkip("installing the package with dpkg needs root") }
    let installed = ChildProcess.output(of: "/usr/bin/dpkg-query", ["-W", "-f", "${Status}", "clickguard"])
    guard !installed.output.contains("install ok installed"),
      !FileManager.default.fileExists(atPath: DesktopSwitchTests.gsdFile)
    else { throw XCTSkip("ClickGuard is installed on this machine: this test installs the package and removes it") }
    let deb = try InstallHarness.buildDeb()
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: deb).deletingLastPathComponent().path) }
    // On a GNOME desktop another package has a file in gsd's directory
    // (libcanberra-gtk3-module's canberra-gtk3-module.desktop), so dpkg
    // keeps the directory when it removes ClickGuard; a file gsd ignores (no
    // .desktop) stands in for it. (Where nothing else is there, dpkg removes
    // the directory, and gsd-xsettings 43 keeps what it read from it until
    // it restarts.) Made first: gsd compares the directory's modification
    // time in whole seconds.
    let keeper = Self.gsdDirectory + "/kept-by-DesktopSwitchTests"
    try FileManager.default.createDirectory(atPath: Self.gsdDirectory, withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: keeper, contents: Data()))
    defer {
      try? FileManager.default.removeItem(atPath: keeper)
      rmdir(Self.gsdDirectory)  // only when empty
    }
    try InstallHarness.dpkg(["-i", deb])
    var removed = false
    defer { if !removed { try? InstallHarness.dpkg(["--purge", "clickguard"]) } }
    // libglib2.0-0's trigger compiled the schema into the system's.
    let keys = ChildProcess.output(
      of: "/usr/bin/env", ["-u", "GSETTINGS_SCHEMA_DIR", "gsettings", "list-keys", "io.github.clickguard"])
    XCTAssertEqual(keys.output, "enabled\n")

    let (root, scratchEnvironment) = try scratchSession()
    // The system's schemas only, and GTK's own module directory (no GTK_PATH).
    let environment = scratchEnvironment.filter { $0.key != "GSETTINGS_SCHEMA_DIR" }
    let daemon = try SessionDaemon([Self.gsd], environment: environment, scratch: root)
    defer { daemon.stop() }
    let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    _ = try status(until: "display \(display): gtk-modules=", environment)
    let enable = ChildProcess.output(
      of: "/usr/bin/env",
      ["-u", "GTK3_MODULES", "-u", "GSETTINGS_SCHEMA_DIR"] + environment.map { "\($0.key)=\($0.value)" }
        + ["/usr/bin/clickguard", "enable"])
    XCTAssertEqual(enable.status, 0, enable.output)
    XCTAssertTrue(enable.output.contains("set io.github.clickguard enabled to true (was false)"), enable.output)
    _ = try status(until: "gtk-modules=clickguard", environment)
    let running = try FixtureApp(modules: nil, environment: environment, arguments: ["--seconds", "90"])
    running.click("count", count: 5)
    XCTAssertEqual(clicks(of: running), 1, "the installed module, loaded by name, guards")

    try InstallHarness.dpkg(["-r", "clickguard"])
    removed = true
    XCTAssertFalse(FileManager.default.fileExists(atPath: DesktopSwitchTests.gsdFile))
    // gsd-xsettings watches its directory: clickguard leaves gtk-modules.
    let off = try status(until: "display \(display): gtk-modules= (", environment)
    XCTAssertTrue(off.stdout.contains("display \(display): gtk-modules= ("), off.stdout)
    let after = try FixtureApp(modules: nil, environment: environment)
    after.click("count", count: 5)
    let result = after.finish()
    XCTAssertEqual(result.clicked, 5, "after removal, unguarded")
    XCTAssertFalse(result.stderr.contains("Failed to load module"), result.stderr)
    running.click("count", count: 5)
    XCTAssertEqual(running.finish().clicked, 1 + 5, "the copy the running app loaded goes idle")
  }

  /// `xfconf-query -c xsettings -p /Gtk/Modules ARGUMENTS` with the
  /// session's variables (its bus).
  private func xfconfQuery(_ arguments: [String], _ environment: [String: String]) -> (status: Int32, output: String) {
    ChildProcess.output(
      of: "/usr/bin/env",
      environment.map { "\($0.key)=\($0.value)" } + ["xfconf-query", "-c", "xsettings", "-p", "/Gtk/Modules"]
        + arguments)
  }

  /// The xfconf property's value, `nil` when it is not set.
  private func xfconfModules(_ environment: [String: String]) -> String? {
    let result = xfconfQuery([], environment)
    return result.status == 0 ? result.output.trimmingCharacters(in: .newlines) : nil
  }

  func testXfceEnableSetsXfconfGtkModulesKeepingTheOthersThatXfsettingsdPublishesToNewAndRunningApps() throws {
    try XDisplay.require()
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xfsettingsd") else {
      throw XCTSkip("xfsettingsd is not installed (scripts/deps.sh installs xfce4-settings)")
    }
    let (root, scratchEnvironment) = try scratchSession()
    let gtkPath = root.appendingPathComponent("gtk/gtk-3.0").path
    let daemon = try SessionDaemon(
      ["/usr/bin/xfsettingsd", "--disable-wm-check", "--replace"], environment: scratchEnvironment, scratch: root)
    defer { daemon.stop() }
    var environment = scratchEnvironment
    environment["DBUS_SESSION_BUS_ADDRESS"] = daemon.busAddress
    XCTAssertFalse(daemon.busAddress.isEmpty, "dbus-run-session gave no bus address")
    let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    let before = try status(until: "xfconf xsettings /Gtk/Modules: not set", environment)
    XCTAssertEqual(before.status, 1, before.stdout)
    XCTAssertTrue(before.stdout.contains("xfsettingsd) runs"), before.stdout)
    XCTAssertTrue(before.stdout.contains("enable uses xfconf xsettings /Gtk/Modules"), before.stdout)

    // A module listed already stays listed, before ClickGuard.
    let seeded = xfconfQuery(["-n", "-t", "string", "-s", "no-such-module"], environment)
    XCTAssertEqual(seeded.status, 0, seeded.output)
    _ = try status(until: "display \(display): gtk-modules=no-such-module", environment)
    XCTAssertEqual(try burst(environment, gtkPath: gtkPath), 5, "before enable, unguarded")
    var runningEnvironment = environment
    runningEnvironment["GTK_PATH"] = gtkPath
    let running = try FixtureApp(modules: nil, environment: runningEnvironment, arguments: ["--seconds", "90"])
    running.click("count", count: 5)

    let enable = try command(["enable"], environment)
    XCTAssertEqual(enable.status, 0, enable.stdout + enable.stderr)
    XCTAssertTrue(
      enable.stdout.contains(
        "xfconf xsettings /Gtk/Modules is no-such-module:clickguard (was 'no-such-module')"), enable.stdout)
    XCTAssertEqual(xfconfModules(environment), "no-such-module:clickguard")
    let on = try status(until: "gtk-modules=no-such-module:clickguard", environment)
    XCTAssertEqual(on.status, 0, on.stdout)
    let startedOn = try assertSwitchedOn(running, environment, gtkPath: gtkPath)

    let disable = try command(["disable"], environment)
    XCTAssertEqual(disable.status, 0, disable.stdout + disable.stderr)
    XCTAssertTrue(disable.stdout.contains("(was 'no-such-module:clickguard', now 'no-such-module')"), disable.stdout)
    XCTAssertEqual(xfconfModules(environment), "no-such-module", "disable leaves the other modules as they were")
    let off = try status(until: "display \(display): gtk-modules=no-such-module (", environment)
    XCTAssertEqual(off.status, 1, off.stdout)
    XCTAssertEqual(try burst(environment, gtkPath: gtkPath), 5, "after disable, unguarded again")
    startedOn.click("count", count: 5)
    XCTAssertEqual(startedOn.finish().clicked, 1 + 5, "after disable, the app started while on is unguarded")
    running.click("count", count: 5)
    XCTAssertEqual(running.finish().clicked, 5 + 1 + 5, "after disable, the running app is unguarded again")

    // A property enable created is gone again after disable.
    let reset = xfconfQuery(["-r"], environment)
    XCTAssertEqual(reset.status, 0, reset.output)
    XCTAssertNil(xfconfModules(environment))
    XCTAssertEqual(try command(["enable"], environment).status, 0)
    XCTAssertEqual(xfconfModules(environment), "clickguard")
    XCTAssertEqual(try command(["disable"], environment).status, 0)
    XCTAssertNil(xfconfModules(environment), "disable removes the property it created")
  }

  /// `clickguard enable` killed with SIGKILL on entering each D-Bus
  /// message it sends and each write it makes (SyscallKills: strace's fault
  /// injection): xfconf's /Gtk/Modules is the user's value or the whole new
  /// one, and `disable` then gives the user's value back. xfconfd keeps the
  /// value on disk; the command's one change is one SetProperty message.
  func testXfceEnableKilledAtEachMessageLeavesTheOldOrNewModulesAndDisableRestoresThem() throws {
    try XDisplay.require()
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xfsettingsd") else {
      throw XCTSkip("xfsettingsd is not installed (scripts/deps.sh installs xfce4-settings)")
    }
    guard SyscallKills.isAvailable else { throw XCTSkip("strace is not installed (scripts/deps.sh installs it)") }
    let (root, scratchEnvironment) = try scratchSession()
    let daemon = try SessionDaemon(
      ["/usr/bin/xfsettingsd", "--disable-wm-check", "--replace"], environment: scratchEnvironment, scratch: root)
    defer { daemon.stop() }
    var environment = scratchEnvironment
    environment["DBUS_SESSION_BUS_ADDRESS"] = daemon.busAddress
    _ = try status(until: "xfconf xsettings /Gtk/Modules: not set", environment)
    let original = "no-such-module"
    let edited = original + ":clickguard"
    XCTAssertEqual(xfconfQuery(["-n", "-t", "string", "-s", original], environment).status, 0)
    var commandEnvironment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    commandEnvironment["GTK3_MODULES"] = nil
    commandEnvironment["GTK_MODULES"] = nil
    let clickguard = try CommandHarness.path()
    let points = try SyscallKills.points(
      clickguard, ["enable"], environment: commandEnvironment, calls: ["sendmsg", "write"])
    XCTAssertEqual(xfconfModules(environment), edited, "enable, run to its end")
    XCTAssertGreaterThanOrEqual(points.filter { $0.syscall == "sendmsg" }.count, 3, "\(points)")
    var old = 0
    var new = 0
    for point in points {
      XCTAssertEqual(xfconfQuery(["-s", original], environment).status, 0)
      _ = try SyscallKills.run(clickguard, ["enable"], environment: commandEnvironment, killedAt: point)
      switch xfconfModules(environment) {
      case original: old += 1
      case edited: new += 1
      case let other: XCTFail("killed at \(point): /Gtk/Modules is \(other ?? "not set")")
      }
      XCTAssertEqual(try command(["disable"], environment).status, 0, "disable after enable killed at \(point)")
      XCTAssertEqual(xfconfModules(environment), original, "disable after enable killed at \(point)")
    }
    XCTAssertGreaterThan(old, 0)
    XCTAssertGreaterThan(new, 0)
    print("DesktopSwitchTests: xfconf /Gtk/Modules, \(points.count) kill points: \(old) old, \(new) new")
  }

  func testElsewhereEnableEditsSettingsIniKeepingEverythingElseAndDisableRestoresIt() throws {
    try XDisplay.require()
    let (root, environment) = try scratchSession()
    let gtkPath = root.appendingPathComponent("gtk/gtk-3.0").path
    let ini = root.appendingPathComponent("config/gtk-3.0/settings.ini")
    try FileManager.default.createDirectory(at: ini.deletingLastPathComponent(), withIntermediateDirectories: true)
    let original = "[Settings]\n# the theme\ngtk-theme-name=Adwaita\ngtk-modules=no-such-module\n\n[Other]\nx=1\n"
    try Data(original.utf8).write(to: ini)
    let before = try command(["status"], environment)
    XCTAssertEqual(before.status, 1, before.stdout)
    XCTAssertTrue(before.stdout.contains("GTK reads gtk-modules from settings.ini; enable uses \(ini.path)"))

    let enable = try command(["enable"], environment)
    XCTAssertEqual(enable.status, 0, enable.stdout + enable.stderr)
    XCTAssertTrue(
      enable.stdout.contains(
        "gtk-modules=no-such-module:clickguard in \(ini.path) (was gtk-modules=no-such-module)"), enable.stdout)
    XCTAssertEqual(
      try String(contentsOf: ini, encoding: .utf8),
      original.replacingOccurrences(of: "no-such-module", with: "no-such-module:clickguard"))
    let on = try command(["status"], environment)
    XCTAssertEqual(on.status, 0, on.stdout)
    XCTAssertTrue(on.stdout.contains("sets no gtk-modules (settings.ini applies)"), on.stdout)
    XCTAssertEqual(try burst(environment, gtkPath: gtkPath), 1, "after enable, a new app is guarded")
    XCTAssertTrue(try command(["enable"], environment).stdout.contains("ClickGuard is on already"))

    let disable = try command(["disable"], environment)
    XCTAssertEqual(disable.status, 0, disable.stdout + disable.stderr)
    XCTAssertTrue(disable.stdout.contains("now gtk-modules=no-such-module)"), disable.stdout)
    XCTAssertEqual(try String(contentsOf: ini, encoding: .utf8), original, "disable restores the file")
    XCTAssertEqual(try burst(environment, gtkPath: gtkPath), 5, "after disable, unguarded")

    // A file enable made is gone again after disable.
    try FileManager.default.removeItem(at: ini)
    XCTAssertEqual(try command(["enable"], environment).status, 0)
    XCTAssertEqual(try String(contentsOf: ini, encoding: .utf8), "[Settings]\ngtk-modules=clickguard\n")
    XCTAssertEqual(try command(["disable"], environment).status, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: ini.path))
    XCTAssertTrue(
      try command(["disable"], environment).stdout.contains("nothing to undo"))
  }
}

/// A settings daemon in a D-Bus session of its own (dbus-run-session),
/// with the test's variables and none of GTK's.
private final class SessionDaemon {
  private let process = Process()
  /// The session bus's address, for the commands that talk to the daemon.
  let busAddress: String

  init(_ command: [String], environment: [String: String], scratch: URL) throws {
    let addressFile = scratch.appendingPathComponent("bus-\(UUID().uuidString)")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
    let quoted = command.map { "'\($0)'" }.joined(separator: " ")
    process.arguments = [
      "--", "/bin/sh", "-c", "printf %s \"$DBUS_SESSION_BUS_ADDRESS\" >'\(addressFile.path)'; exec \(quoted)",
    ]
    var daemonEnvironment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GTK") }
    daemonEnvironment.merge(environment) { $1 }
    daemonEnvironment["NO_AT_BRIDGE"] = "1"
    process.environment = daemonEnvironment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    var address = ""
    while address.isEmpty, Date() < deadline {
      usleep(50_000)
      address = (try? String(contentsOf: addressFile, encoding: .utf8)) ?? ""
    }
    busAddress = address
  }

  /// Ends the daemon and its bus. dbus-run-session does not pass SIGTERM
  /// on: its children (the daemon and dbus-daemon) are ended, and it ends
  /// with them.
  func stop() {
    let pid = process.processIdentifier
    let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    let pids = children.split(separator: " ").compactMap { Int32($0) }
    for child in pids { kill(child, SIGTERM) }
    process.terminate()
    process.waitUntilExit()
    // Gone before the next test looks for settings daemons (a zombie,
    // state Z, is gone).
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline, pids.contains(where: Self.isAlive) { usleep(50_000) }
  }

  private static func isAlive(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return !stat[end...].hasPrefix(") Z")
  }
}
