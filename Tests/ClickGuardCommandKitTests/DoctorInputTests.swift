// DoctorInputTests: the doctor reads the rules file at its path's exact
// bytes, refuses a FIFO or a device as one without blocking (one warning,
// no rules), and names a decision log that is a FIFO, a device or in a
// missing directory as a problem.

import ClickGuardAppSupport
import ClickGuardCommandKit
import ClickGuardGObject
import ClickGuardGtkModule
import ClickGuardRules
import ClickGuardTestSupport
import Foundation
import Testing

@Suite struct DoctorInputTests {
  /// A fresh directory, removed by the caller.
  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cg-bytes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func theDoctorReadsARulesFileAtAPathThatIsNotUTF8() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = ByteString(folder.path) + ByteString(bytes: [0x2F, 0x72, 0xFF])
    let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT, 0o644) }
    let text = Array("[default]\ninterval-ms=250\n".utf8)
    #expect(text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == text.count)
    close(descriptor)
    let file = RulesFile(reading: RulesFileLocation(fileName: path, isExplicit: true))
    #expect(file.status == .loaded)
    #expect(file.warnings.isEmpty)
    #expect(file.location.path == folder.path + "/r\\xFF")
    #expect(file.rules.defaults.interval?.value.milliseconds == 250)
  }

  @Test func theDoctorRefusesAFIFOOrADeviceAsTheRulesFileWithoutBlocking() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("rules.fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    for (path, kind) in [(fifo, "a FIFO"), ("/dev/zero", "a character device")] {
      let file = try #require(
        unblocked { RulesFile(reading: RulesFileLocation(fileName: ByteString(path), isExplicit: true)) },
        "reading \(path) blocked")
      #expect(file.status == .unusable)
      #expect(
        file.warnings.map(\.description) == [
          "\(path): is not read: it is \(kind) (accepted: a regular file of at most 256 KiB); "
            + "using the defaults throughout"
        ])
    }
    let missing = RulesFile(reading: RulesFileLocation(fileName: "/no/such/rules.conf", isExplicit: false))
    #expect(missing.status == .missing)
    #expect(missing.warnings.isEmpty)
  }

  @Test func aLogThatIsAFIFOOrADeviceIsAProblem() {
    typealias LogFile = DoctorFacts.LogFile
    #expect(LogFile(name: "/tmp/a.log", kind: .regularFile, directoryExists: true).problem == nil)
    #expect(LogFile(name: "/tmp/new.log", kind: nil, directoryExists: true).problem == nil)
    #expect(
      LogFile(name: "/tmp/f", kind: .fifo, directoryExists: true).problem?.hasPrefix(
        "CLICKGUARD_LOG=/tmp/f is a FIFO: the module writes to it only while a reader has it open") == true)
    #expect(
      LogFile(name: "/dev/full", kind: .characterDevice, directoryExists: true).problem?.hasPrefix(
        "CLICKGUARD_LOG=/dev/full is a character device (accepted: a regular file") == true)
    #expect(
      LogFile(name: "/no/dir/x.log", kind: nil, directoryExists: false).problem?.contains(
        "its directory does not exist") == true)
  }
}
