// RulesFileCrashTests: the settings window's save of the rules file
// (RulesFileEdit.save, through AtomicFile) killed with SIGKILL at every
// file system call it makes on the file (SyscallKills: strace's fault
// injection, on this test bundle run again for one test), and on a full
// disk (a tiny tmpfs mounted for the test). Whatever point it dies at, the
// file is the old one or the whole new one, with its mode; a full disk is
// an error naming the file, which stays as it was.

import ClickGuardRules
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardSettingsKit

final class RulesFileCrashTests: XCTestCase {
  /// The variable that names the file ``testSavingSetsTheValueAndKeepsTheRest()``
  /// saves, when this bundle is run again as the writer to kill.
  private static let savedFileVariable = "CLICKGUARD_TEST_RULES_FILE"
  private static let original = """
    # My rules
    [default]
    mode=enforce

    [gnome-calculator: class=number-button]
    policy=exempt

    """

  private var root = ""

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("rules-crash-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: root)
  }

  private func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The save the window makes when the interval changes: the key set,
  /// every other line as it was. Run again by the kill test (with
  /// ``savedFileVariable`` naming the file), it is the writer that is killed.
  func testSavingSetsTheValueAndKeepsTheRest() throws {
    let path = ProcessInfo.processInfo.environment[Self.savedFileVariable] ?? root + "/clickguard.conf"
    if ProcessInfo.processInfo.environment[Self.savedFileVariable] == nil {
      try Self.original.write(toFile: path, atomically: false, encoding: .utf8)
    }
    let edit = try RulesFileEdit(location: RulesFileLocation(path: path, isExplicit: true))
    edit.set("default", "interval-ms", "300")
    try edit.save()
    let saved = try XCTUnwrap(contents(path))
    XCTAssertTrue(
      saved.contains("[default]\nmode=enforce\n\ninterval-ms=300\n")
        || saved.contains("mode=enforce\ninterval-ms=300\n"), saved)
    XCTAssertEqual(Self.lines(saved), Self.lines(Self.original), "every other line as it was")
  }

  /// The lines that are not blank, the `interval-ms` line left out.
  private static func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { !$0.hasPrefix("interval-ms=") }
  }

  func testASaveKilledAtEachFileCallLeavesTheRulesFileWhole() throws {
    guard SyscallKills.isAvailable else { throw XCTSkip("strace is not installed (scripts/deps.sh installs it)") }
    let path = root + "/clickguard.conf"
    let bundle = CommandLine.arguments[0]
    let arguments = ["ClickGuardSettingsKitTests.RulesFileCrashTests/testSavingSetsTheValueAndKeepsTheRest"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.savedFileVariable] = path
    try Self.original.write(toFile: path, atomically: false, encoding: .utf8)
    let points = try SyscallKills.points(bundle, arguments, environment: environment, under: root)
    let saved = try XCTUnwrap(contents(path))
    XCTAssertTrue(saved.contains("interval-ms=300\n"), "the writer, run to its end, saves: \(saved)")
    for name in ["openat", "write", "fsync", "rename"] {
      XCTAssertTrue(points.contains { $0.syscall == name }, "the save \(name)s: \(points)")
    }
    var old = 0
    var new = 0
    for point in points {
      try Self.original.write(toFile: path, atomically: false, encoding: .utf8)
      XCTAssertEqual(chmod(path, 0o600), 0)
      // An openat's count moves by a few between runs (the runtime's own
      // files): it may land elsewhere; the other calls are counted exactly.
      if try !SyscallKills.run(bundle, arguments, environment: environment, killedAt: point) {
        XCTAssertEqual(point.syscall, "openat", "\(point) was reached")
      }
      let after = contents(path)
      if after == Self.original {
        old += 1
      } else if after == saved {
        new += 1
      } else {
        XCTFail("killed at \(point): the rules file is torn: \(after ?? "(missing)")")
      }
      var status = stat()
      XCTAssertEqual(stat(path, &status), 0)
      XCTAssertEqual(status.st_mode & 0o777, 0o600, "killed at \(point): the file keeps its mode")
    }
    XCTAssertGreaterThan(old, 0)
    XCTAssertGreaterThan(new, 0)
    print("RulesFileCrashTests: the rules file, \(points.count) kill points (\(points)): \(old) old, \(new) new")
  }

  /// A full disk (a 64 KiB tmpfs, filled): the save fails naming the file
  /// and why, and the file and its folder are as they were.
  func testAFullDiskLeavesTheRulesFileAsItWasAndSaysWhy() throws {
    guard getuid() == 0 else { throw XCTSkip("mounting a tmpfs needs root") }
    let disk = root + "/disk"
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    guard ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk]) == 0 else {
      throw XCTSkip("cannot mount a tmpfs here")
    }
    defer { ChildProcess.run("/bin/umount", [disk]) }
    let path = disk + "/clickguard.conf"
    try Self.original.write(toFile: path, atomically: false, encoding: .utf8)
    let filler = open(disk + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    XCTAssertGreaterThanOrEqual(filler, 0)
    let block = [UInt8](repeating: 0x2E, count: 512)
    while block.withUnsafeBytes({ Glibc.write(filler, $0.baseAddress, $0.count) }) > 0 {}
    XCTAssertEqual(errno, ENOSPC)
    close(filler)

    let edit = try RulesFileEdit(location: RulesFileLocation(path: path, isExplicit: true))
    edit.set("default", "interval-ms", "300")
    XCTAssertThrowsError(try edit.save()) { error in
      XCTAssertTrue("\(error)".contains(path), "names the file: \(error)")
      XCTAssertTrue("\(error)".contains(String(cString: strerror(ENOSPC))), "says why: \(error)")
    }
    XCTAssertEqual(contents(path), Self.original, "the file is as it was")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: disk).sorted(), ["clickguard.conf", "filler"],
      "nothing left behind")
  }
}
