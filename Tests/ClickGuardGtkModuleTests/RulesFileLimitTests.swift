// The rules file read without blocking and with a bound: what is not a
// regular file of at most 256 KiB is refused with one warning before anything
// is read, and a file of many groups has the line of every group found — all
// without a display (the process tests are HostSafetyTests). How long the
// largest file takes to read is `make bench`'s, not a timed assertion here.

import ClickGuardRules
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardGtk

/// A read of the rules file that had not returned after ten seconds.
private struct ReadBlocked: Error, CustomStringConvertible {
  var path: String
  var description: String { "reading \(path) blocked" }
}

final class RulesFileLimitTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Reads `path` as the module does; a read that blocks fails the test
  /// instead of hanging it.
  private func read(_ path: String) throws -> RulesFile {
    guard let file = unblocked({ RulesFile(reading: RulesFileLocation(path: path, isExplicit: true)) }) else {
      throw ReadBlocked(path: path)
    }
    return file
  }

  private func assertRefused(
    _ path: String, saying what: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let rules = try read(path)
    XCTAssertEqual(rules.status, .unusable, file: file, line: line)
    XCTAssertEqual(rules.rules, RuleSet(), file: file, line: line)
    XCTAssertEqual(rules.warnings.count, 1, "\(rules.warnings)", file: file, line: line)
    let message = rules.warnings.first?.description ?? ""
    for part in [path + ": is not read", what, "accepted: a regular file of at most 256 KiB", "using the defaults"] {
      XCTAssertTrue(message.contains(part), "\(part) not in \(message)", file: file, line: line)
    }
  }

  func testAFIFOWithNoWriterIsRefusedAtOnce() throws {
    let fifo = directory.appendingPathComponent("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    try assertRefused(fifo, saying: "it is a FIFO")
  }

  func testDevicesAreRefusedAtOnce() throws {
    for device in ["/dev/zero", "/dev/full", "/dev/random", "/dev/null"] {
      try assertRefused(device, saying: "it is a character device")
    }
  }

  func testADirectoryAndASocketAreRefused() throws {
    try assertRefused(directory.path, saying: "it is a directory")
    let socketPath = directory.appendingPathComponent("socket").path
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in socketPath.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    XCTAssertEqual(bound, 0)
    try assertRefused(socketPath, saying: "it is a socket")
  }

  func testASparse200MBFileAndA2MBRandomFileAreRefusedAsOver256KiB() throws {
    let sparse = directory.appendingPathComponent("sparse").path
    let descriptor = open(sparse, O_WRONLY | O_CREAT, 0o644)
    XCTAssertEqual(ftruncate(descriptor, 200_000_000), 0)
    close(descriptor)
    try assertRefused(sparse, saying: "it is over 256 KiB")
    let random = directory.appendingPathComponent("random")
    try Data((0..<2_000_000).map { _ in UInt8.random(in: 0...255) }).write(to: random)
    try assertRefused(random.path, saying: "it is over 256 KiB")
  }

  func testAFileOfExactly256KiBIsReadAndOneByteMoreIsNot() throws {
    let comment = Array(repeating: UInt8(ascii: "#"), count: RulesFile.sizeLimit - 1) + [UInt8(ascii: "\n")]
    let exact = directory.appendingPathComponent("exact.conf")
    try Data(comment).write(to: exact)
    let file = try read(exact.path)
    XCTAssertEqual(file.status, .loaded)
    XCTAssertEqual(file.warnings, [])
    let over = directory.appendingPathComponent("over.conf")
    try Data(comment + [UInt8(ascii: "\n")]).write(to: over)
    try assertRefused(over.path, saying: "it is over 256 KiB")
  }

  func testAFileThatCannotBeOpenedSaysWhy() throws {
    let missing = directory.appendingPathComponent("absent.conf").path
    let file = try read(missing)
    XCTAssertEqual(file.status, .missing)
    XCTAssertEqual(
      file.warnings.map(\.description),
      ["\(missing): cannot be read (No such file or directory); using the defaults throughout"])
  }

  // MARK: Many groups

  /// A rules file of `count` groups, a third each program, widget and `*`
  /// groups, every one valid; the last one's key is on the last line.
  static func manyGroups(_ count: Int) -> String {
    var text = "# \(count) groups\n[default]\ninterval-ms=500\n"
    for index in 0..<count {
      switch index % 3 {
      case 0: text += "[app-\(index)]\ninterval-ms=300\n"
      case 1: text += "[app-\(index): label=L \(index)]\npolicy=exempt\n"
      default: text += "[*: id=button_\(index)]\ninterval-ms=700\n"
      }
    }
    return text
  }

  func testA5000GroupFileIsCheckedWithTheLineOfEveryGroup() throws {
    let url = directory.appendingPathComponent("5000.conf")
    try Self.manyGroups(5_000).write(to: url, atomically: true, encoding: .utf8)
    let file = try read(url.path)
    XCTAssertEqual(file.status, .loaded)
    XCTAssertEqual(file.warnings, [])
    XCTAssertEqual(file.rules.programs.count, 1_667)
    XCTAssertEqual(file.rules.widgetRules.count, 3_333)
    XCTAssertEqual(file.rules.programs["app-0"]?.interval?.origin.description, "\(url.path):5 [app-0]")
    XCTAssertEqual(file.rules.programs["app-4998"]?.interval?.origin.description, "\(url.path):10001 [app-4998]")
  }

  /// The largest file read (some 7 500 groups in 256 KiB) is loaded with
  /// every group.
  func testAFileOfAsManyGroupsAs256KiBHoldIsLoadedWithEveryGroup() throws {
    var count = 8_000
    var text = Self.manyGroups(count)
    while text.utf8.count > RulesFile.sizeLimit {
      count -= 250
      text = Self.manyGroups(count)
    }
    let url = directory.appendingPathComponent("full.conf")
    try text.write(to: url, atomically: true, encoding: .utf8)
    let file = try read(url.path)
    XCTAssertEqual(file.status, .loaded)
    XCTAssertEqual(file.warnings, [])
    XCTAssertEqual(file.rules.programs.count + file.rules.widgetRules.count, count)
  }

  func testA100000GroupFileIsRefusedAsOver256KiB() throws {
    let url = directory.appendingPathComponent("100000.conf")
    try Self.manyGroups(100_000).write(to: url, atomically: true, encoding: .utf8)
    try assertRefused(url.path, saying: "it is over 256 KiB")
  }

  func testAFileOfThousandsOfBadGroupsLogsTenProblemsAndHowManyMore() {
    let text = (0..<3_000).map { "[app-\($0): colour=red]\nmode=on\n" }.joined()
    let file = RulesFile(parsing: Array(text.utf8), location: RulesFileLocation(path: "/r.conf", isExplicit: true))
    XCTAssertEqual(file.warnings.count, 3_000)
    let lines = RulesFileWarning.logLines(file.warnings)
    XCTAssertEqual(lines.count, 11)
    XCTAssertEqual(lines.last, "/r.conf: 2990 more problems not shown; `clickguard doctor` lists them all")
    XCTAssertEqual(RulesFileWarning.logLines(Array(file.warnings.prefix(10))).count, 10)
  }

  func testTheLinesOfARepeatedGroupAndKeyAreTheirLastOnes() {
    let text = KeyFileText("[a]\nk=1\r\n[b]\nk=2\n[a]\n  k = 3\n# k=4\n[c]  \n")
    XCTAssertEqual(text.line(ofGroup: "a"), 5)
    XCTAssertEqual(text.line(ofKey: "k", inGroup: "a"), 6)
    XCTAssertEqual(text.line(ofKey: "k", inGroup: "b"), 4)
    XCTAssertEqual(text.line(ofGroup: "c"), 8)
    XCTAssertNil(text.line(ofKey: "k", inGroup: "c"))
    XCTAssertEqual(text.line(reading: "k = 3"), 6)
  }
}
