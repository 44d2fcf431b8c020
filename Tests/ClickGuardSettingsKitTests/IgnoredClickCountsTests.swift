// The counts file's format and bounds, without GTK: what a write keeps, two
// writers of one program adding up, a torn or foreign file never read as
// counts, the size after 10 000 ignored clicks, and a write killed with
// SIGKILL at every file system call it makes (SyscallKills, on this test
// bundle run again for one test): the file is the old counts or the new.

import ClickGuardCounts
import ClickGuardTestSupport
import Foundation
import XCTest

final class IgnoredClickCountsTests: XCTestCase {
  private var directory: String!

  override func setUpWithError() throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-counts-\(UUID().uuidString)")
      .path
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The bound docs/settings.md states for one program's file.
  private let fileBound = 1024

  /// The variable that names the folder ``testAWriteAddsToWhatTheFileHolds()``
  /// writes in, when this bundle is run again as the writer to kill.
  private static let writtenFolderVariable = "CLICKGUARD_TEST_COUNTS_FOLDER"

  /// Five clicks written, then three more: the file holds eight. Run again
  /// by the kill test (with ``writtenFolderVariable`` naming a folder that
  /// holds five), it is the writer that is killed.
  func testAWriteAddsToWhatTheFileHolds() throws {
    let folder = ProcessInfo.processInfo.environment[Self.writtenFolderVariable]
    let counts = IgnoredClickCounts(program: "mousepad", directory: folder ?? directory)
    if folder == nil {
      _ = counts.add(5)
      counts.write()
    }
    _ = counts.add(3)
    counts.write()
    let path = IgnoredClickCounts.file(of: "mousepad", in: folder ?? directory)
    XCTAssertEqual(IgnoredClickCounts.read(path)?.ignored(inLast: 7), 8)
  }

  func testAWriteKilledAtEachFileCallLeavesCountsThatRead() throws {
    guard SyscallKills.isAvailable else { throw XCTSkip("strace is not installed (scripts/deps.sh installs it)") }
    let bundle = CommandLine.arguments[0]
    let arguments = ["ClickGuardSettingsKitTests.IgnoredClickCountsTests/testAWriteAddsToWhatTheFileHolds"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.writtenFolderVariable] = directory
    let path = IgnoredClickCounts.file(of: "mousepad", in: directory)
    let first = IgnoredClickCounts(program: "mousepad", directory: directory)
    _ = first.add(5)
    first.write()
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    let points = try SyscallKills.points(bundle, arguments, environment: environment, under: directory)
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertEqual(IgnoredClickCounts.read(path)?.ignored(inLast: 7), 8, "the writer, run to its end, adds")
    for name in ["openat", "write", "fsync", "rename"] {
      XCTAssertTrue(points.contains { $0.syscall == name }, "the write \(name)s: \(points)")
    }
    var old = 0
    var new = 0
    for point in points {
      try original.write(to: URL(fileURLWithPath: path))
      XCTAssertEqual(chmod(path, 0o600), 0)
      // An openat's count moves by a few between runs (the runtime's own
      // files): it may land elsewhere; the other calls are counted exactly.
      if try !SyscallKills.run(bundle, arguments, environment: environment, killedAt: point) {
        XCTAssertEqual(point.syscall, "openat", "\(point) was reached")
      }
      let after = FileManager.default.contents(atPath: path)
      if after == original {
        old += 1
      } else if after == written {
        new += 1
      } else {
        XCTFail(
          "killed at \(point): the counts file is torn: \(after.map { String(decoding: $0, as: UTF8.self) } ?? "(missing)")"
        )
      }
      XCTAssertEqual(
        IgnoredClickCounts.readAll(in: directory).map(\.ignored), [after == written ? 8 : 5],
        "killed at \(point): the window reads the counts")
      var status = stat()
      XCTAssertEqual(stat(path, &status), 0)
      XCTAssertEqual(status.st_mode & 0o777, 0o600, "killed at \(point): the file keeps its mode")
    }
    XCTAssertGreaterThan(old, 0)
    XCTAssertGreaterThan(new, 0)
    print("IgnoredClickCountsTests: the counts file, \(points.count) kill points (\(points)): \(old) old, \(new) new")
  }

  func testTenThousandIgnoredClicksKeepTheFileSmall() throws {
    let counts = IgnoredClickCounts(program: "gedit", directory: directory)
    for index in 0..<10_000 {
      _ = counts.add()
      if index % 1000 == 999 { counts.write() }
    }
    counts.write()
    let path = IgnoredClickCounts.file(of: "gedit", in: directory)
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    XCTAssertLessThan(size, fileBound)
    XCTAssertEqual(IgnoredClickCounts.read(path)?.ignored(inLast: 7), 10_000)
  }

  func testOldDaysAreDroppedAndTheLongestNameStaysUnderTheBound() throws {
    // A file with two months of days, as an older ClickGuard might leave.
    let long = String(repeating: "ü", count: 200)
    let counts = IgnoredClickCounts(program: long, directory: directory)
    XCTAssertEqual(counts.program, String(repeating: "ü", count: IgnoredClickCounts.programLimit / 2))
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = IgnoredClickCounts.file(of: counts.program, in: directory)
    let days = (1...60).map { "2026-\(String(format: "%02d", 1 + $0 / 28))-\(String(format: "%02d", 1 + $0 % 28))=99" }
    try (["[ignored-clicks]", "program=\(counts.program)"] + days).joined(separator: "\n")
      .write(toFile: path, atomically: true, encoding: .utf8)
    _ = counts.add()
    counts.write()
    let read = try XCTUnwrap(IgnoredClickCounts.read(path))
    XCTAssertLessThanOrEqual(read.days.count, IgnoredClickCounts.keptDays)
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    XCTAssertLessThan(size, fileBound)
  }

  func testTwoCopiesOfOneProgramAddUpAndOtherProgramsAreLeftAlone() throws {
    let first = IgnoredClickCounts(program: "mousepad", directory: directory)
    let second = IgnoredClickCounts(program: "mousepad", directory: directory)
    let other = IgnoredClickCounts(program: "geany", directory: directory)
    _ = first.add(3)
    _ = other.add(2)
    first.write()
    other.write()
    _ = second.add(4)
    second.write()
    XCTAssertEqual(IgnoredClickCounts.readAll(in: directory).map(\.program), ["mousepad", "geany"])
    XCTAssertEqual(IgnoredClickCounts.readAll(in: directory).map(\.ignored), [7, 2])
    XCTAssertTrue(IgnoredClickCounts.clear(in: directory))
    XCTAssertEqual(IgnoredClickCounts.readAll(in: directory).count, 0)
  }

  func testATornOrForeignFileIsNotReadAsCounts() throws {
    let counts = IgnoredClickCounts(program: "thunar", directory: directory)
    _ = counts.add(5)
    counts.write()
    let path = IgnoredClickCounts.file(of: "thunar", in: directory)
    let whole = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertEqual(IgnoredClickCounts.read(path)?.ignored(inLast: 7), 5)
    // Cut inside the day's line (its number gone), inside the group's
    // name, before the group, or a number that is not one: none reads.
    for torn in [
      String(whole.prefix(whole.count - 2)), "[ignored-cl", "program=thunar\n",
      "[ignored-clicks]\nprogram=thunar\n2026-12-04=1x\n", "[ignored-clicks]\n2026-12-04=3\n",
    ] {
      try torn.write(toFile: path, atomically: false, encoding: .utf8)
      XCTAssertNil(IgnoredClickCounts.read(path), torn)
    }
    XCTAssertEqual(IgnoredClickCounts.readAll(in: directory).count, 0)
  }

  func testAProgramNameIsEscapedIntoItsFileName() {
    XCTAssertEqual(IgnoredClickCounts.file(of: "org.gnome.gedit", in: "/d"), "/d/org.gnome.gedit.counts")
    XCTAssertEqual(IgnoredClickCounts.file(of: "../x/y", in: "/d"), "/d/%2E.%2Fx%2Fy.counts")
    XCTAssertEqual(IgnoredClickCounts.file(of: ".lock", in: "/d"), "/d/%2Elock.counts")
  }
}
