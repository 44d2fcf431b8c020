// OutputTarget and AtomicFile on their own: what a path holds (symbolic
// links followed, a pipe behind /proc's magic links), and a target replaced
// whole only while it is absent or a regular file, keeping its mode.

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
    OutputTarget(ByteString(path)).kind
  }

  /// The English words saying that the folder of `path` is missing, or
  /// `nil` when it is not.
  private func missingFolder(_ path: String) -> String? {
    guard case .noDirectory(let words) = kind(path) else { return nil }
    return words.description
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
      missingFolder(scratch + "/missing/new.txt"), "is in a directory that does not exist (\(scratch)/missing)")
    XCTAssertEqual(missingFolder(file + "/new.txt"), "is in \(file), which is not a directory")
    let fifo = scratch + "/fifo"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertEqual(kind(fifo), .pipe)
  }

  func testALinkIsFollowedAndStaysALink() throws {
    let file = scratch + "/file.txt"
    let link = scratch + "/link.txt"
    try write("x", to: file)
    XCTAssertEqual(symlink(file, link), 0)
    let target = OutputTarget(ByteString(link))
    guard case .regularFile = target.kind else { return XCTFail("a link is judged by the file it names") }
    XCTAssertEqual(target.resolved, ByteString(file))
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
    XCTAssertEqual(chmod(path, 0o604), 0)
    try AtomicFile.write(Array("new".utf8), to: OutputTarget(ByteString(path)), accepted: Phrase("test"))
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), ["shot.png"])
    var status = stat()
    XCTAssertEqual(stat(path, &status), 0)
    XCTAssertEqual(status.st_mode & 0o777, 0o604, "the replaced file's mode stays")
  }

  /// A target that is a directory is refused and stays.
  func testADirectoryIsLeftAsItIs() throws {
    let path = scratch + "/shot.png"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    XCTAssertThrowsError(try AtomicFile.write([1], to: OutputTarget(ByteString(path)), accepted: Phrase("test"))) {
      error in
      XCTAssertTrue("\(error)".contains("is a directory, not a regular file"), "\(error)")
    }
    var isDirectory: ObjCBool = false
    XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), ["shot.png"])
  }

  func testADeviceIsNeverReplaced() {
    XCTAssertThrowsError(try AtomicFile.write([1], to: OutputTarget(ByteString("/dev/null")), accepted: Phrase("test")))
    {
      XCTAssertEqual(
        "\($0)", "'/dev/null' is a character device, not a regular file, and is left as it is (test)")
    }
  }
}
