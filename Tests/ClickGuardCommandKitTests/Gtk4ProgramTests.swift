// Gtk4ProgramTests: `clickguard run` and `clickguard doctor --program` tell
// a GTK 4 program (Debian's gtk4-launch, package libgtk-4-bin), which no GTK
// module reaches, from a GTK 3 one (the clickcount fixture), by the
// libraries its ELF file names; `run` still runs a GTK 4 program, with its
// own exit status, and warns. A FIFO named as the program is looked at
// without being opened, a cut-short ELF file read no further than it goes.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class Gtk4ProgramTests: XCTestCase {
  private static let gtk4Program = "/usr/bin/gtk4-launch"

  private func requireGtk4Program() throws {
    guard FileManager.default.isExecutableFile(atPath: Self.gtk4Program) else {
      throw XCTSkip("\(Self.gtk4Program) is not installed (scripts/deps.sh installs libgtk-4-bin)")
    }
  }

  func testRunWarnsThatAGtk4ProgramIsNotCoveredAndStillRunsItWithItsExitStatus() throws {
    try requireGtk4Program()
    let module = ["CLICKGUARD_MODULE": try ModuleHarness.modulePath()]
    let version = try CommandHarness.run(["run", "gtk4-launch", "--version"], environment: module)
    XCTAssertEqual(version.status, 0, version.stderr)
    XCTAssertTrue(version.stdout.hasPrefix("4."), version.stdout)
    XCTAssertTrue(
      version.stderr.contains(
        "warning: \(Self.gtk4Program) is a GTK 4 program (it links libgtk-4.so.1): ClickGuard does not cover GTK 4 "
          + "apps, because GTK 4 loads no modules"), version.stderr)
    // Its own failure, its own status.
    let failing = try CommandHarness.run(["run", Self.gtk4Program], environment: module)
    XCTAssertEqual(failing.status, 1, failing.stderr)
    XCTAssertTrue(failing.stderr.contains("missing application name"), failing.stderr)

    // No display: the fixture stops at gtk_init.
    var noDisplay: [String: String?] = module
    noDisplay["DISPLAY"] = .some(nil)
    let gtk3 = try CommandHarness.run(["run", try ModuleHarness.fixture()], environment: noDisplay)
    XCTAssertFalse(gtk3.stderr.contains("GTK 4"), "a GTK 3 program gets no warning: \(gtk3.stderr)")
  }

  func testDoctorSaysWhichGtkTheProgramLinksAndCountsGtk4AsAProblem() throws {
    try requireGtk4Program()
    let gtk4 = try CommandHarness.run(["doctor", "--program", "gtk4-launch"])
    XCTAssertEqual(gtk4.status, 1, gtk4.stdout)
    XCTAssertTrue(gtk4.stdout.contains("\(Self.gtk4Program) links libgtk-4.so.1: a GTK 4 program"), gtk4.stdout)
    XCTAssertTrue(gtk4.stdout.contains("Problems:\n"), gtk4.stdout)
    XCTAssertTrue(gtk4.stdout.contains("ClickGuard does not cover GTK 4 apps"), gtk4.stdout)

    let fixture = try ModuleHarness.fixture()
    let gtk3 = try CommandHarness.run(["doctor", "--program", fixture])
    XCTAssertTrue(
      gtk3.stdout.contains("\(fixture) links libgtk-3.so.0: a GTK 3 program, which ClickGuard covers"), gtk3.stdout)
    XCTAssertFalse(gtk3.stdout.contains("GTK 4"), gtk3.stdout)

    // A FIFO with no writer: opening it would block; it is only stat'ed.
    let fifo = ModuleHarness.scratch.appendingPathComponent("fifo-\(UUID().uuidString)").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    defer { unlink(fifo) }
    let piped = try CommandHarness.run(["doctor", "--program", fifo])
    XCTAssertTrue(piped.stdout.contains("\(fifo) is not an ELF program"), piped.stdout)
    // A GTK 4 program cut short (its header, not its tables): read no
    // further than the file goes.
    let cut = ModuleHarness.scratch.appendingPathComponent("cut-\(UUID().uuidString)").path
    let whole = try Data(contentsOf: URL(fileURLWithPath: Self.gtk4Program))
    try whole.prefix(4096).write(to: URL(fileURLWithPath: cut))
    defer { unlink(cut) }
    let truncated = try CommandHarness.run(["doctor", "--program", cut])
    XCTAssertTrue(truncated.stdout.contains("\(cut) is not an ELF program"), truncated.stdout)
  }
}
