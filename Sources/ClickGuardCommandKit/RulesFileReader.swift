// RulesFileReader: how `clickguard doctor` reads the rules file: at its
// path's exact bytes, opened without blocking, refused unless it is a
// regular file of at most 1 MiB (a FIFO with no writer would hang the
// doctor, /dev/zero would fill its memory), then parsed by the module's own
// RulesFile, so the doctor reports what the module reads.

import CGtk
import ClickGuardGtkModule

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the rules file for `clickguard doctor`.
package enum RulesFileReader {
  /// The largest rules file read: 1 MiB (a file of a thousand groups is
  /// about 50 KiB).
  package static let largest = 1 << 20

  /// The rules file's path, as bytes: `$CLICKGUARD_CONFIG`, else
  /// `clickguard/clickguard.conf` in the user's configuration directory;
  /// and whether the variable named it.
  package static func path(environment: [String: ByteString]) -> (path: ByteString, isExplicit: Bool) {
    if let named = environment[RulesFileLocation.variable], !named.isEmpty { return (named, true) }
    let directory = g_get_user_config_dir().map { ByteString(cString: $0) } ?? ""
    return (directory + "/clickguard/clickguard.conf", false)
  }

  /// The file at `path`, read and checked; a missing file named by
  /// `CLICKGUARD_CONFIG` (`isExplicit`), or one that is not a regular file,
  /// too large or unreadable, has one warning and no rules.
  package static func read(path: ByteString, isExplicit: Bool) -> RulesFile {
    let location = RulesFileLocation(path: path.displayName, isExplicit: isExplicit)
    let accepted = "accepted: a regular file of at most 1 MiB"
    let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
    guard descriptor >= 0 else {
      let missing = errno == ENOENT
      let reason = String(cString: strerror(errno))
      return refused(
        location, missing ? .missing : .unusable,
        missing && !isExplicit ? nil : "cannot be read (\(reason)); using the defaults throughout")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return refused(
        location, .unusable, "cannot be read (\(String(cString: strerror(errno)))); using the defaults throughout")
    }
    let kind = FileKind(mode: status.st_mode)
    guard kind == .regularFile else {
      return refused(
        location, .unusable, "is \(kind.words), not a regular file (\(accepted)); using the defaults throughout")
    }
    guard status.st_size <= largest else {
      return refused(
        location, .unusable, "is \(status.st_size) bytes, too large (\(accepted)); using the defaults throughout")
    }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while contents.count <= largest {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return refused(
          location, .unusable, "cannot be read (\(String(cString: strerror(errno)))); using the defaults throughout")
      }
      contents += chunk[..<count]
    }
    guard contents.count <= largest else {
      return refused(location, .unusable, "grew past 1 MiB while read (\(accepted)); using the defaults throughout")
    }
    return RulesFile(parsing: contents, location: location)
  }

  /// A file with no rules, `status`, and the warning `message` (`nil`: none).
  private static func refused(_ location: RulesFileLocation, _ status: RulesFile.Status, _ message: String?)
    -> RulesFile
  {
    var file = RulesFile(parsing: [], location: location)
    file.status = status
    file.warnings = message.map { [RulesFileWarning(path: location.path, line: nil, message: $0)] } ?? []
    return file
  }
}
