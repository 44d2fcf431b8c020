// OutputTarget and ReplacementFile on their own: what a path holds (symbolic
// links followed, a pipe behind /proc's magic links), and a new file renamed
// over a target only while the target is still absent or a regular file.

import ClickGuardAppSupport
import ClickGuardGtk
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class OutputTargetTests: XCTestCase {
  private var scratch = ""

  override func setUpWithError() throws {
    scratch = NSTemporaryDirectory() + "clickguard-output-target-\(getpid())-\(name.filter(\.isLetter))"
    try? FileManager.default.removeItem(atPath: scratch)
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: scratch)
  }

  private func kind(_ path: String) -> OutputTarget.Kind {
    OutputTarget(FileName(path)).kind
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  func testWhatAPathHolds() throws {
    let file = scratch + "/file.txt"
    try write("x", to: file)
    XCTAssertEqual(chmod(file, 0o640), 0)
    XCTAssertEqual(kind(file), .regularFile(permissions: 0o640))
    XCTAssertEqual(kind(scratch + "/new.txt"), .absent)
    XCTAssertEqual(kind(scratch), .directory)
    XCTAssertEqual(kind("/dev/null"), .characterDevice)
    XCTAssertEqual(
      kind(scratch + "/missing/new.txt"), .noDirectory("is in a directory that does not exist (\(scratch)/missing)"))
    XCTAssertEqual(kind(file + "/new.txt"), .noDirectory("is in \(file), which is not a directory"))
    let fifo = scratch + "/fifo"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertEqual(kind(fifo), .pipe)
  }

  func testALinkIsFollowedAndStaysALink() throws {
    let file = scratch + "/file.txt"
    let link = scratch + "/link.txt"
    try write("x", to: file)
    XCTAssertEqual(symlink(file, link), 0)
    let target = OutputTarget(FileName(link))
    guard case .regularFile = target.kind else { return XCTFail("a link is judged by the file it names") }
    XCTAssertEqual(target.resolved, FileName(file))
    XCTAssertEqual(kind(scratch + "/nowhere"), .absent)
    XCTAssertEqual(symlink(scratch + "/nowhere", scratch + "/dangling"), 0)
    XCTAssertEqual(kind(scratch + "/dangling"), .danglingLink)
  }

  /// `/proc/self/fd/N` to a pipe has no path at its end (`pipe:[…]`), yet it
  /// is a pipe a log may go to.
  func testAMagicLinkToAPipeIsAPipe() throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    defer { for end in ends { close(end) } }
    XCTAssertEqual(kind("/proc/self/fd/\(ends[1])"), .pipe)
  }

  func testANewFileReplacesARegularFileWhole() throws {
    let path = scratch + "/shot.png"
    try write("old", to: path)
    let file = try ReplacementFile(beside: OutputTarget(FileName(path)), accepted: "test")
    XCTAssertTrue(file.temporary.bytes.starts(with: Array((scratch + "/.shot.png.").utf8)))
    XCTAssertNil(Array("new".utf8).withUnsafeBytes { file.write($0) })
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old", "untouched until the rename")
    try file.commit()
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), ["shot.png"])
  }

  /// The target became a directory while the new file was written: the
  /// rename is refused, the directory stays, the new file goes.
  func testATargetThatChangedIsLeftAsItIs() throws {
    let path = scratch + "/shot.png"
    let file = try ReplacementFile(beside: OutputTarget(FileName(path)), accepted: "test")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    XCTAssertThrowsError(try file.commit()) { error in
      XCTAssertTrue("\(error)".contains("is a directory, not a regular file"), "\(error)")
    }
    var isDirectory: ObjCBool = false
    XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), ["shot.png"])
  }

  func testADeviceIsNeverReplaced() {
    XCTAssertThrowsError(try ReplacementFile(beside: OutputTarget(FileName("/dev/null")), accepted: "test")) {
      XCTAssertEqual(
        "\($0)", "'/dev/null' is a character device, not a regular file, and is left as it is (test)")
    }
  }
}
