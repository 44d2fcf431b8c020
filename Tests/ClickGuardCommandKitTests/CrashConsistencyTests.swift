// CrashConsistencyTests: `clickguard enable` killed with SIGKILL at every
// file system call it makes on the user's settings.ini (SyscallKills:
// strace's fault injection), and on a full disk (a tiny tmpfs mounted for
// the test). Whatever point it dies at, settings.ini is the user's file or
// the whole edited one, never a torn one, and `clickguard disable` then
// gives the user's file back byte for byte; a full disk is an error that
// names the file and leaves it as it was.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class CrashConsistencyTests: XCTestCase {
  /// A settings.ini as a person writes one (in GKeyFile's own layout, which
  /// the editor writes back unchanged around the line it edits).
  private static let original = """
    # My GTK settings

    [Settings]
    gtk-theme-name=Adwaita
    # the sound module
    gtk-modules=canberra-gtk-module

    [Other]
    key=value

    """

  private var root = ""

  override func setUpWithError() throws {
    root = ModuleHarness.scratch.appendingPathComponent("crash-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root + "/config/gtk-3.0", withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: root)
  }

  private var ini: String { root + "/config/gtk-3.0/settings.ini" }

  /// The command's environment: a private config directory, no desktop, no
  /// session bus, so settings.ini is the switch `enable` uses.
  private func environment(config: String) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in [
      "DBUS_SESSION_BUS_ADDRESS", "GTK3_MODULES", "GTK_MODULES", "XDG_CURRENT_DESKTOP", "DISPLAY", "WAYLAND_DISPLAY",
    ] {
      environment[name] = nil
    }
    environment["XDG_CONFIG_HOME"] = config
    environment["HOME"] = root
    environment["GSETTINGS_BACKEND"] = "memory"
    return environment
  }

  private func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Runs the command, uninterrupted; its exit status and standard error.
  private func clickguard(_ arguments: [String], _ environment: [String: String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try CommandHarness.path())
    process.arguments = arguments
    process.environment = environment
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  func testEnableKilledAtEachFileCallLeavesSettingsIniWholeAndDisableRestoresIt() throws {
    guard SyscallKills.isAvailable else { throw XCTSkip("strace is not installed (scripts/deps.sh installs it)") }
    let environment = environment(config: root + "/config")
    let command = try CommandHarness.path()
    // The edited file, from an enable that runs to its end, and the round trip.
    try Self.original.write(toFile: ini, atomically: false, encoding: .utf8)
    XCTAssertEqual(try clickguard(["enable"], environment).0, 0)
    let edited = try XCTUnwrap(contents(ini))
    XCTAssertNotEqual(edited, Self.original)
    XCTAssertTrue(edited.contains("gtk-modules=canberra-gtk-module:clickguard"), edited)
    XCTAssertEqual(try clickguard(["disable"], environment).0, 0)
    XCTAssertEqual(contents(ini), Self.original, "disable gives the user's file back")

    try Self.original.write(toFile: ini, atomically: false, encoding: .utf8)
    let points = try SyscallKills.points(command, ["enable"], environment: environment, under: root + "/config")
    XCTAssertGreaterThanOrEqual(points.count, 6, "\(points)")
    for name in ["openat", "write", "fsync", "rename"] {
      XCTAssertTrue(points.contains { $0.syscall == name }, "enable \(name)s: \(points)")
    }
    var killed = 0
    var old = 0
    var new = 0
    for point in points {
      try Self.original.write(toFile: ini, atomically: false, encoding: .utf8)
      XCTAssertEqual(chmod(ini, 0o640), 0)
      // An openat's count moves by a few between runs (the runtime's own
      // files): it may land elsewhere; the other calls are counted exactly.
      let wasKilled = try SyscallKills.run(command, ["enable"], environment: environment, killedAt: point)
      if wasKilled { killed += 1 } else { XCTAssertEqual(point.syscall, "openat", "\(point) was reached") }
      let after = contents(ini)
      if after == Self.original {
        old += 1
      } else if after == edited {
        new += 1
      } else {
        XCTFail("killed at \(point): settings.ini is torn: \(after ?? "(missing)")")
      }
      var status = stat()
      XCTAssertEqual(stat(ini, &status), 0)
      XCTAssertEqual(status.st_mode & 0o777, 0o640, "killed at \(point): the file keeps its mode")
      XCTAssertEqual(try clickguard(["disable"], environment).0, 0, "disable after enable killed at \(point)")
      XCTAssertEqual(contents(ini), Self.original, "disable after enable killed at \(point)")
    }
    XCTAssertGreaterThanOrEqual(killed, points.count - 2, "the points were reached")
    XCTAssertGreaterThan(old, 0)
    XCTAssertGreaterThan(new, 0)
    print("CrashConsistencyTests: settings.ini, \(points.count) kill points (\(points)): \(old) old, \(new) new")
  }

  /// A full disk (a 64 KiB tmpfs, filled): enable fails with a message
  /// naming settings.ini and the system's reason, and leaves the file and
  /// its directory as they were.
  func testAFullDiskLeavesSettingsIniAsItWasAndSaysWhy() throws {
    guard getuid() == 0 else { throw XCTSkip("mounting a tmpfs needs root") }
    let disk = root + "/disk"
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    guard ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk]) == 0 else {
      throw XCTSkip("cannot mount a tmpfs here")
    }
    defer { ChildProcess.run("/bin/umount", [disk]) }
    let folder = disk + "/gtk-3.0"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = folder + "/settings.ini"
    try Self.original.write(toFile: file, atomically: false, encoding: .utf8)
    // Fill the disk.
    let filler = open(disk + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    XCTAssertGreaterThanOrEqual(filler, 0)
    let block = [UInt8](repeating: 0x2E, count: 512)
    while block.withUnsafeBytes({ Glibc.write(filler, $0.baseAddress, $0.count) }) > 0 {}
    XCTAssertEqual(errno, ENOSPC)
    close(filler)

    let (status, errors) = try clickguard(["enable"], environment(config: disk))
    XCTAssertEqual(status, 1, errors)
    XCTAssertTrue(errors.contains(file), "names the file: \(errors)")
    XCTAssertTrue(errors.contains(String(cString: strerror(ENOSPC))), "says why: \(errors)")
    XCTAssertEqual(contents(file), Self.original, "the file is as it was")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["settings.ini"], "nothing left behind")
  }
}
