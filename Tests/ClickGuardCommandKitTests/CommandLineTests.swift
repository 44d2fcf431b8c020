// CommandLineTests: the built `clickguard` command as a person meets it:
// GNOME-style --help and --version, bad input named with what is accepted
// and exit status 2, `run` handing the module and its settings to the
// program it executes (status, GTK3_MODULES kept), `report` on a known log
// and on standard input, and `doctor`'s sections. No display needed.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class CommandLineTests: XCTestCase {
  private static let sampleLog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ClickGuardCommandKitTests/Fixtures/sample.log").path

  func testHelpListsTheCommandsAndEachCommandsOptions() throws {
    let help = try CommandHarness.run(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.contains("Usage:"), help.stdout)
    for command in ["run", "report", "doctor", "enable", "disable", "status"] {
      XCTAssertTrue(help.stdout.contains("  \(command) "), help.stdout)
    }
    let run = try CommandHarness.run(["run", "--help"])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.stdout.contains("clickguard run"), run.stdout)
    for option in ["--interval-ms=MS", "--observe", "--log=FILE", "--stall-ms=MS", "--no-fence", "--config=FILE"] {
      XCTAssertTrue(run.stdout.contains(option), "\(option) missing from:\n\(run.stdout)")
    }
    XCTAssertTrue(try CommandHarness.run(["report", "--help"]).stdout.contains("--json"))
    XCTAssertTrue(try CommandHarness.run(["doctor", "--help"]).stdout.contains("--program=NAME"))
    let version = try CommandHarness.run(["--version"])
    XCTAssertEqual(version.status, 0)
    XCTAssertTrue(version.stdout.hasPrefix("clickguard "), version.stdout)
  }

  func testBadInputNamesTheValueAndWhatIsAcceptedAndExits2() throws {
    let cases: [([String], String)] = [
      (
        ["run", "--interval-ms", "70000", "--", "true"],
        "--interval-ms: '70000' is not accepted (accepted: whole milliseconds from 0 to 60000)"
      ),
      (
        ["run", "--settle-ms=soon", "true"],
        "--settle-ms: 'soon' is not accepted (accepted: whole milliseconds from 0 to 5000)"
      ),
      (["run", "--observe"], "run: no program given"),
      (["run", "--config", "/no/such.conf", "true"], "--config: '/no/such.conf' is not accepted"),
      (["run", "--intervall-ms", "5", "true"], "--intervall-ms"),
      (["run", "--interval-ms"], "--interval-ms: needs a value (accepted: whole milliseconds from 0 to 60000)"),
      (["report", "--top", "0"], "--top: '0' is not accepted (accepted: a whole number from 1 to 1000)"),
      (["doctor", "extra"], "doctor: unexpected argument 'extra'"),
      (["enable", "now"], "enable: unexpected argument 'now' (accepted: none"),
      (["frobnicate"], "unknown command 'frobnicate' (accepted: run, report, doctor, enable, disable, status)"),
      ([], "no command given"),
    ]
    for (arguments, message) in cases {
      let output = try CommandHarness.run(arguments)
      XCTAssertEqual(output.status, 2, "\(arguments): \(output.stderr)")
      XCTAssertTrue(output.stderr.contains(message), "\(arguments): \(output.stderr)")
      XCTAssertTrue(output.stdout.isEmpty, "\(arguments): \(output.stdout)")
    }
  }

  func testRunExecutesTheProgramWithTheModuleAndItsSettings() throws {
    let script =
      "echo \"$GTK3_MODULES|$GTK_MODULES|$CLICKGUARD_INTERVAL_MS|$CLICKGUARD_MODE|$CLICKGUARD_LOG\"; exit 7"
    let output = try CommandHarness.run(
      ["run", "--interval-ms", "300", "--observe", "--log", "/tmp/cg.log", "--", "/bin/sh", "-c", script],
      environment: [
        "GTK3_MODULES": "canberra-gtk-module:clickguard", "GTK_MODULES": "clickguard:gail", "CLICKGUARD_MODULE": nil,
      ])
    XCTAssertEqual(output.status, 7, output.stderr)
    let module = try ModuleHarness.modulePath()
    XCTAssertEqual(output.stdout, "\(module):canberra-gtk-module|gail|300|observe|/tmp/cg.log\n")
  }

  func testRunReportsAProgramThatIsNotThereOrCannotRunOrAModuleThatIsNot() throws {
    let missing = try CommandHarness.run(["run", "--", "no-such-program-\(UUID().uuidString)"])
    XCTAssertEqual(missing.status, 127)
    XCTAssertTrue(missing.stderr.contains("cannot find the program"), missing.stderr)
    let notExecutable = try CommandHarness.run(["run", "--", Self.sampleLog])
    XCTAssertEqual(notExecutable.status, 126)
    XCTAssertTrue(notExecutable.stderr.contains("cannot execute"), notExecutable.stderr)
    let noModule = try CommandHarness.run(["run", "--", "true"], environment: ["CLICKGUARD_MODULE": "/no/such.so"])
    XCTAssertEqual(noModule.status, 1)
    XCTAssertTrue(noModule.stderr.contains("CLICKGUARD_MODULE=/no/such.so does not exist"), noModule.stderr)
  }

  func testReportSummarisesAKnownLogFromAFileOrStandardInput() throws {
    let output = try CommandHarness.run(["report", Self.sampleLog])
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertTrue(output.stdout.contains("31 decisions"), output.stdout)
    XCTAssertTrue(output.stdout.contains("lines 4, 12, 35"), output.stdout)
    XCTAssertTrue(output.stdout.contains("[calc: label=7]\ninterval-ms=160"), output.stdout)
    let piped = try CommandHarness.run(
      ["report", "--json"], input: try String(contentsOfFile: Self.sampleLog, encoding: .utf8))
    XCTAssertEqual(piped.status, 0, piped.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(piped.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(json["decisions"] as? Int, 31)
    XCTAssertEqual(json["sources"] as? [String], ["-"])
    let unreadable = try CommandHarness.run(["report", "/no/such.log", Self.sampleLog])
    XCTAssertEqual(unreadable.status, 1)
    XCTAssertTrue(unreadable.stderr.contains("cannot read /no/such.log"), unreadable.stderr)
    XCTAssertTrue(unreadable.stdout.contains("31 decisions"), unreadable.stdout)
    let none = try CommandHarness.run(["report", "/no/such.log"])
    XCTAssertEqual(none.status, 1)
    XCTAssertTrue(none.stderr.contains("cannot read /no/such.log"), none.stderr)
    XCTAssertEqual(none.stdout, "", "no summary when nothing could be read")
  }

  func testDoctorPrintsEverySection() throws {
    let config = ModuleHarness.scratch.appendingPathComponent("doctor-\(UUID().uuidString).conf")
    try Data("[default]\ninterval-ms=250\n[clickcount: label=Count]\npolicy=exempt\n".utf8).write(to: config)
    let output = try CommandHarness.run(
      ["doctor", "--program", "clickcount"],
      environment: [
        "CLICKGUARD_CONFIG": config.path, "GTK3_MODULES": nil, "CLICKGUARD_MODULE": nil,
        "XDG_CONFIG_HOME": ModuleHarness.scratch.appendingPathComponent("empty-config-\(UUID().uuidString)").path,
      ])
    // Nothing switches ClickGuard on here: that is the one problem.
    XCTAssertEqual(output.status, 1, output.stdout + output.stderr)
    for section in [
      "GTK\n  GTK 3.", "Display\n  GDK_BACKEND", "Module for 'clickguard run'",
      "clickguard run loads \(try ModuleHarness.modulePath())",
      "Module by name", "/gtk-3.0/modules", "Switched on for every app?", "GTK3_MODULES: not set",
      "Settings in force for the program 'clickcount'", "rules file: \(config.path) (read, named by CLICKGUARD_CONFIG)",
      "(\(config.path):2 [default])", "[clickcount: label=Count] policy=exempt",
      "Problems:\n  - ClickGuard is not in force for GTK 3 apps started from here: run 'clickguard enable'\n",
    ] {
      XCTAssertTrue(output.stdout.contains(section), "\(section) missing from:\n\(output.stdout)")
    }
  }

  func testDoctorReadsTheDisplaysGtkModulesFromASettingsDaemon() throws {
    try XDisplay.require()
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xsettingsd") else {
      throw XCTSkip("xsettingsd is not installed (scripts/deps.sh installs it)")
    }
    let config = ModuleHarness.scratch.appendingPathComponent("xsettings-\(UUID().uuidString).conf")
    try Data("Gtk/Modules \"canberra-gtk-module:clickguard\"\n".utf8).write(to: config)
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/xsettingsd")
    daemon.arguments = ["-c", config.path]
    daemon.standardError = FileHandle.nullDevice
    try daemon.run()
    defer {
      daemon.terminate()
      daemon.waitUntilExit()
    }
    let environment: [String: String?] = ["GTK3_MODULES": nil, "XDG_CONFIG_HOME": ModuleHarness.scratch.path]
    var output = try CommandHarness.run(["doctor"], environment: environment)
    let deadline = Date().addingTimeInterval(5)
    while !output.stdout.contains("gtk-modules=canberra-gtk-module:clickguard"), Date() < deadline {
      usleep(100_000)
      output = try CommandHarness.run(["doctor"], environment: environment)
    }
    XCTAssertTrue(
      output.stdout.contains("gtk-modules=canberra-gtk-module:clickguard (a settings daemon's XSETTINGS"), output.stdout
    )
    XCTAssertTrue(output.stdout.contains("ClickGuard is switched on by the display's gtk-modules"), output.stdout)
    let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    XCTAssertTrue(output.stdout.contains("GDK opens \(display): X11"), output.stdout)
    XCTAssertTrue(output.stdout.contains("come from XSETTINGS"), output.stdout)
    daemon.terminate()
    daemon.waitUntilExit()
    let after = try CommandHarness.run(["doctor"], environment: environment)
    XCTAssertTrue(after.stdout.contains("sets no gtk-modules"), after.stdout)
  }
}
