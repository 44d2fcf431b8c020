// The files the user names for the demo's output are never destroyed: a
// device, a directory or a path in a missing folder is refused at start
// (status 1, before any window) and left as it is; a regular file is replaced
// whole by a new file renamed over it; a later SIGUSR1 shot that cannot be
// saved warns and the demo keeps running; a log on a full device warns once;
// file names keep their bytes.

import ClickGuardShowcase
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class OutputFileTests: XCTestCase {
  private var scratch = ""

  override func setUpWithError() throws {
    scratch = NSTemporaryDirectory() + "clickguard-demo-output-\(getpid())-\(name.filter(\.isLetter))"
    try? FileManager.default.removeItem(atPath: scratch)
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: scratch)
  }

  /// Makes a private character device 1:7 (what `/dev/full` is) at `path`.
  /// - Throws: `XCTSkip` when this process may not (not root).
  private func makeFullDevice(_ path: String) throws {
    // makedev(1, 7) is a C macro.
    guard mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0 else {
      throw XCTSkip("cannot make a device node here (mknod: \(String(cString: strerror(errno))))")
    }
  }

  /// Whether `path` is still the character device 1:7.
  private func isFullDevice(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR && status.st_rdev == (1 << 8) | 7
  }

  /// The names in `directory`, as bytes.
  private func names(in directory: String) -> [[UInt8]] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var result: [[UInt8]] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != Array(".".utf8) && name != Array("..".utf8) { result.append(name) }
    }
    return result.sorted { $0.lexicographicallyPrecedes($1) }
  }

  private func text(_ names: [[UInt8]]) -> [String] {
    names.map { String(decoding: $0, as: UTF8.self) }
  }

  /// A device, a directory and a path in a missing folder, as screenshot or
  /// log targets: refused before GTK opens a display (status 1, not 3 with
  /// no display), each message naming the path and why, and nothing on disk
  /// changes. A block device is no log target either.
  func testTargetsThatAreNotFilesAreRefusedAtStartAndLeftAsTheyAre() throws {
    let device = scratch + "/full"
    try makeFullDevice(device)
    let disk = scratch + "/disk"
    // A loop device's number: the node only, never opened by the demo.
    guard mknod(disk, S_IFBLK | 0o600, dev_t((7 << 8) | 200)) == 0 else {
      throw XCTSkip("cannot make a block device node here")
    }
    let before = names(in: scratch)
    let cases: [([String], String)] = [
      (["--screenshot", device], "--screenshot '\(device)' is a character device, not a regular file"),
      (["--screenshot", scratch], "--screenshot '\(scratch)' is a directory, not a regular file"),
      (
        ["--screenshot", scratch + "/missing/shot.png"],
        "--screenshot '\(scratch)/missing/shot.png' is in a directory that does not exist (\(scratch)/missing)"
      ),
      (["--log-file", scratch], "--log-file '\(scratch)' is a directory, not a regular file"),
      (["--log-file", disk], "--log-file '\(disk)' is a block device, not a regular file"),
      (
        ["--log-file", scratch + "/missing/log.jsonl"],
        "--log-file '\(scratch)/missing/log.jsonl' is in a directory that does not exist"
      ),
    ]
    for (arguments, message) in cases {
      let result = try ChildProcess.runToEnd(
        binary: try DemoBinary.path(), arguments: arguments + ["--quit-after-first-frame"],
        unsetting: ["DISPLAY", "WAYLAND_DISPLAY"])
      XCTAssertEqual(result.status, DemoExitStatus.failure, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains("clickguard-demo: " + message), "\(arguments): \(result.stderr)")
    }
    XCTAssertTrue(isFullDevice(device), "the device node is still the device")
    var status = stat()
    XCTAssertEqual(lstat(disk, &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFBLK)
    XCTAssertEqual(names(in: scratch), before, "nothing made, nothing left behind")
  }

  /// A screenshot target that is a regular file is replaced whole: the path
  /// then holds a PNG in a new file with the old one's permissions, and the
  /// old file (reached through a hard link) was never written.
  func testAnExistingRegularFileIsReplacedByANewPNG() throws {
    try XDisplay.require()
    let target = scratch + "/shot.png"
    let link = scratch + "/old-shot.png"
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    XCTAssertEqual(chmod(target, 0o640), 0)
    XCTAssertEqual(Glibc.link(target, link), 0)
    var old = stat()
    XCTAssertEqual(stat(target, &old), 0)

    let demo = try DemoProcess(
      binary: try DemoBinary.path(), arguments: ["--screenshot", target], logPath: scratch + "/log.jsonl")
    defer { demo.stop() }
    let shot = try XCTUnwrap(demo.waitForLine(type: "screenshot", timeout: 20), demo.output)
    XCTAssertNil(shot.error, shot.text)
    XCTAssertEqual(shot.path, target)

    let png = try Data(contentsOf: URL(fileURLWithPath: target))
    XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
    XCTAssertGreaterThan(png.count, 1000)
    var new = stat()
    XCTAssertEqual(stat(target, &new), 0)
    XCTAssertNotEqual(new.st_ino, old.st_ino, "a new file, renamed over the old one")
    XCTAssertEqual(new.st_mode & 0o777, 0o640, "with the old file's permissions")
    XCTAssertEqual(try String(contentsOfFile: link, encoding: .utf8), "old", "the old file was not written")
    XCTAssertEqual(
      text(names(in: scratch)), ["log.jsonl", "log.jsonl.out", "old-shot.png", "shot.png"], "no file left over")
    XCTAssertEqual(demo.stop(), 0)
  }

  /// A SIGUSR1 shot to a path that has become a directory since start: a
  /// warning names the path and why, the `screenshot` line has the error,
  /// the directory is left as it is, and the demo keeps running.
  func testAShotToAPathThatBecameADirectoryWarnsAndTheDemoRuns() throws {
    try XDisplay.require()
    let target = scratch + "/shot.png"
    let (demo, failed) = try screenshotOverADirectory(target, logPath: scratch + "/log.jsonl")
    defer { demo.stop() }
    let problem = "'\(target)' is a directory, not a regular file, and is left as it is"
    XCTAssertTrue(failed.error?.contains(problem) ?? false, failed.text)
    XCTAssertTrue(
      RawDemoProcess.wait(timeout: 5) {
        demo.output.contains("clickguard-demo: warning: no screenshot saved: " + problem)
      },
      demo.output)
    var status = stat()
    XCTAssertEqual(stat(target, &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFDIR, "still a directory")
    XCTAssertEqual(names(in: target), [], "nothing put in it")
    XCTAssertEqual(text(names(in: scratch)), ["log.jsonl", "log.jsonl.out", "shot.png"], "no file left over")

    let before = demo.log.lastSeq
    demo.send(SIGUSR2)
    XCTAssertNotNil(
      demo.waitForLine(type: "layout", after: before, timeout: 5) { $0.reason == "requested" }, "still running")
    XCTAssertEqual(demo.stop(), 0)
  }

  /// A log on a full device (a private `c 1 7` node, accepted: a log is
  /// appended to a character device): every write fails with ENOSPC, which
  /// is said once on standard error with the path and the reason, and the
  /// demo keeps running, its device node intact.
  func testALogOnAFullDeviceWarnsOnceAndTheDemoRuns() throws {
    try XDisplay.require()
    let device = scratch + "/full"
    try makeFullDevice(device)
    let shot = scratch + "/shot.png"
    let demo = try RawDemoProcess(
      binary: try DemoBinary.path(),
      arguments: [Array("--log-file".utf8), Array(device.utf8), Array("--screenshot".utf8), Array(shot.utf8)],
      outputPath: scratch + "/output.txt")
    defer { demo.stop() }
    XCTAssertTrue(
      RawDemoProcess.wait(timeout: 20) { FileManager.default.fileExists(atPath: shot) },
      "the window is up and saved its first screenshot: \(demo.output)")
    // More lines to write (and fail): layouts, another screenshot.
    for signal in [SIGUSR2, SIGUSR1, SIGUSR2] {
      demo.send(signal)
      usleep(300_000)
    }
    XCTAssertTrue(demo.isRunning, demo.output)
    _ = demo.stop()
    let warnings = demo.output.split(separator: "\n").filter { $0.contains("cannot write the log") }
    XCTAssertEqual(warnings.count, 1, demo.output)
    XCTAssertEqual(
      warnings.first.map(String.init),
      "clickguard-demo: warning: cannot write the log to '\(device)': \(String(cString: strerror(ENOSPC))); "
        + "each next line is tried again")
    XCTAssertTrue(isFullDevice(device), "the device node is still the device")
  }

  /// `--log-file` and `--screenshot` paths with a byte that is not UTF-8
  /// (0xFF) create exactly those file names, not a repaired one.
  func testFileNamesKeepTheirBytes() throws {
    try XDisplay.require()
    let log = Array(scratch.utf8) + Array("/log".utf8) + [0xFF] + Array(".jsonl".utf8)
    let shot = Array(scratch.utf8) + Array("/shot".utf8) + [0xFF] + Array(".png".utf8)
    let demo = try RawDemoProcess(
      binary: try DemoBinary.path(), arguments: [Array("--log-file".utf8), log, Array("--screenshot".utf8), shot],
      outputPath: scratch + "/output.txt")
    defer { demo.stop() }
    let expected =
      [Array("log".utf8) + [0xFF] + Array(".jsonl".utf8), Array("output.txt".utf8)]
      + [Array("shot".utf8) + [0xFF] + Array(".png".utf8)]
    XCTAssertTrue(
      RawDemoProcess.wait(timeout: 20) { self.names(in: self.scratch) == expected },
      "\(names(in: scratch)) \(demo.output)")
    XCTAssertEqual(demo.stop(), 0, demo.output)
    XCTAssertEqual(names(in: scratch), expected)
  }
}
