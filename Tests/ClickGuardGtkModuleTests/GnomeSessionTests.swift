// GnomeSessionTests: the package in a GNOME session on Wayland — a headless
// GNOME Shell (WaylandCompositor) with Xwayland and GNOME's gsd-xsettings on
// its session bus, the .deb installed with dpkg into this machine while the
// session runs, and `clickguard enable` / `disable` run by the installed
// command. The C fixture app (never built with ClickGuard), a Wayland
// client of the shell, gets real clicks through the shell's remote desktop
// API.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class GnomeSessionTests: XCTestCase {
  /// What the installed command needs to find the session: the shell's
  /// socket and bus, its GSettings (the key file gsd-xsettings watches),
  /// and the desktop's name, as a GNOME login sets it.
  private func sessionEnvironment(_ session: WaylandCompositor) -> [String: String] {
    session.appEnvironment.merging(session.settingsEnvironment) { $1 }.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) {
      $1
    }
  }

  /// `/usr/bin/clickguard ARGUMENT` in the session, without GTK3_MODULES or
  /// an X display of the test's.
  private func clickguard(_ argument: String, in session: WaylandCompositor) -> (status: Int32, output: String) {
    let unset = ["GTK3_MODULES", "GTK_MODULES", "GSETTINGS_SCHEMA_DIR", "DISPLAY", "XAUTHORITY"].flatMap { ["-u", $0] }
    return ChildProcess.output(
      of: "/usr/bin/env",
      unset + sessionEnvironment(session).map { "\($0.key)=\($0.value)" } + ["/usr/bin/clickguard", argument])
  }

  /// The package installed into a running GNOME session (gnome-shell
  /// --headless, gsd-xsettings): once gsd-xsettings has restarted, as the
  /// session restarts it (below), after `clickguard enable` an app started
  /// before the install and one started after it run a burst of five
  /// clicks once, and after `disable` five times each. The shell does not
  /// crash; gsd-xsettings aborts at install only on the schema it cannot
  /// know yet.
  func testThePackageInstalledIntoARunningGnomeSessionGuardsARunningAndANewAppUntilDisabled() throws {
    guard getuid() == 0 else { throw XCTSkip("installing the package with dpkg needs root") }
    let installed = ChildProcess.output(of: "/usr/bin/dpkg-query", ["-W", "-f", "${Status}", "clickguard"])
    guard !installed.output.contains("install ok installed") else {
      throw XCTSkip("ClickGuard is installed on this machine: this test installs the package and removes it")
    }
    let deb = try InstallHarness.buildDeb()
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: deb).deletingLastPathComponent().path) }
    let module = try InstallHarness.gtkLibraryDirectory() + "/gtk-3.0/modules/libclickguard.so"

    let session = try WaylandCompositor.startGnomeShell()
    defer { session.stop() }
    try session.startSettingsDaemon()
    XCTAssertEqual(try session.waitForModules { _ in true }, "", "gsd-xsettings runs and lists no module")
    let before = try WaylandApp(on: session, modules: nil, arguments: ["--seconds", "120"])
    try before.click("count", count: 5)
    XCTAssertEqual(before.clicks, 5, "not installed: every click runs")

    // gsd-xsettings 43 knows only the schemas installed when it started,
    // and aborts on a `.desktop` file naming another. It reads its
    // directory again when the directory's modification time, in whole
    // seconds, has grown: dpkg unpacks clickguard.desktop under a temporary
    // name and renames it, so gsd either reads it (the rename a second
    // later: it aborts) or never does (the same second). A GNOME session's
    // systemd restarts it after the abort; a new login after the other.
    try InstallHarness.dpkg(["-i", deb])
    defer { try? InstallHarness.dpkg(["--purge", "clickguard"]) }
    usleep(1_500_000)  // time for gsd-xsettings to read the changed directory
    let daemonExit = session.settingsDaemonExit()
    let enable = clickguard("enable", in: session)
    XCTAssertEqual(enable.status, 0, enable.output)
    XCTAssertTrue(enable.output.contains("set io.github.clickguard enabled to true (was false)"), enable.output)
    let atInstall: String
    if daemonExit != nil {
      atInstall = "gsd-xsettings aborted"
      XCTAssertTrue(
        session.settingsDaemonLog.contains("Settings schema 'io.github.clickguard' is not installed"),
        "gsd-xsettings exited at install for another reason:\n\(session.settingsDaemonLog)")
    } else {
      atInstall = "gsd-xsettings ran on without reading clickguard.desktop"
      XCTAssertTrue(
        enable.output.contains("has not taken ClickGuard up yet")
          && enable.output.contains("systemctl --user restart org.gnome.SettingsDaemon.XSettings.service"),
        "enable says what to do when gsd-xsettings has not taken ClickGuard up:\n\(enable.output)")
      usleep(1_000_000)
      XCTAssertEqual(session.publishedModules(), "", "gsd-xsettings read clickguard.desktop and ran on")
      let status = clickguard("status", in: session)
      XCTAssertEqual(status.status, 1, status.output)
      XCTAssertTrue(status.output.contains("ClickGuard is off for GTK 3 apps started from here"), status.output)
    }
    try session.restartSettingsDaemon()
    XCTAssertEqual(try session.waitForModules { $0.contains("clickguard") }, "clickguard")
    // The app running since before the install loads the module from the
    // changed gtk-modules and guards without a restart.
    try before.waitForModule(module)
    try before.click("count", count: 5)
    let guardedBefore = before.clicks - 5
    XCTAssertEqual(guardedBefore, 1, "enabled: the app started before the install runs the burst once")
    let after = try WaylandApp(on: session, modules: nil, arguments: ["--seconds", "120"])
    try after.waitForModule(module)
    try after.click("count", count: 5)
    let guardedAfter = after.clicks
    XCTAssertEqual(guardedAfter, 1, "enabled: an app started now runs the burst once")

    let disable = clickguard("disable", in: session)
    XCTAssertEqual(disable.status, 0, disable.output)
    XCTAssertEqual(try session.waitForModules { !$0.contains("clickguard") }, "")
    usleep(500_000)  // the running apps apply the new gtk-modules from their main loops
    // The app started last is on top: it goes first.
    try after.click("count", count: 5)
    let afterResult = after.finish()
    XCTAssertEqual(afterResult.clicked, 1 + 5, "disabled: the app started while enabled runs every click")
    try before.click("count", count: 5)
    let beforeResult = before.finish()
    XCTAssertEqual(beforeResult.clicked, 5 + 1 + 5, "disabled: the app started before the install runs every click")
    XCTAssertEqual(afterResult.glibProblems + beforeResult.glibProblems, [], after.stderrText + before.stderrText)
    XCTAssertNil(session.settingsDaemonExit(), "gsd-xsettings exited:\n\(session.settingsDaemonLog)")
    for crash in ["-ERROR **", "CRITICAL", "Segmentation fault", "JS ERROR"] {
      XCTAssertFalse(session.log.contains(crash), "the shell's log says \(crash):\n\(session.log)")
    }
    print(
      "GnomeSessionTests: at install \(atInstall); a burst of 5 enabled: started before the install "
        + "\(guardedBefore), started after \(guardedAfter); disabled: \((afterResult.clicked ?? 0) - guardedAfter) and "
        + "\((beforeResult.clicked ?? 0) - 5 - guardedBefore)")
  }
}
