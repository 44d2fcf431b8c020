import ClickGuardCommandKit
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// The apps in which ClickGuard ignored clicks, as its decision log
/// (`CLICKGUARD_LOG`) tells: the programs with a drop or a fence drop, and
/// how many, most first.
///
/// Only the log's last ``tailLimit`` bytes are read, from a regular file,
/// without blocking (`O_NONBLOCK`; a FIFO or device is refused before it is
/// opened): a log that grew for months costs the window no more than a
/// fresh one.
package struct IgnoredApps: Equatable, Sendable {
  /// One app and how many of its clicks were ignored.
  package struct App: Equatable, Sendable {
    /// The program name (`g_get_prgname()`), which a rules file group names.
    package var program: String
    /// Its clicks dropped (repeats, and fence drops).
    package var ignored: Int
  }

  /// How much of the log's end is read: 4 MiB, some 15 000 decisions.
  package static let tailLimit = 4 << 20

  /// The apps, most ignored clicks first.
  package var apps: [App]

  /// The apps of the decision lines in `text`.
  package init(logText text: String) {
    var report = LogReport()
    report.read(text: text, source: "log")
    var counts: [String: Int] = [:]
    for tally in report.tallies {
      guard let program = tally.widget.program else { continue }
      let ignored = tally.dropped.values.reduce(0, +) + tally.fenceDropped.values.reduce(0, +)
      if ignored > 0 { counts[program, default: 0] += ignored }
    }
    apps = counts.map { App(program: $0.key, ignored: $0.value) }.sorted {
      ($1.ignored, $0.program) < ($0.ignored, $1.program)
    }
  }

  /// Reads the end of the log file `name`.
  /// - Returns: the apps, or why the log was not read.
  package static func read(log name: ByteString) -> Result<IgnoredApps, RulesFileEditError> {
    var status = stat()
    guard name.withCString({ stat($0, &status) }) == 0 else {
      return .failure(RulesFileEditError("\(name.displayName): \(String(cString: strerror(errno)))"))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .failure(RulesFileEditError("\(name.displayName) is not a regular file: it is not read here"))
    }
    let descriptor = name.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      return .failure(RulesFileEditError("\(name.displayName): \(String(cString: strerror(errno)))"))
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return .failure(RulesFileEditError("\(name.displayName) is not a regular file: it is not read here"))
    }
    let start = max(0, Int(status.st_size) - tailLimit)
    var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), tailLimit))
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + count, $0.count - count, start + count)
      }
      if got > 0 {
        count += got
      } else if got == 0 || errno != EINTR {
        break
      }
    }
    var slice = bytes[..<count]
    // Started inside a line: the first whole line is after the first newline.
    if start > 0, let newline = slice.firstIndex(of: UInt8(ascii: "\n")) { slice = slice[(newline + 1)...] }
    return .success(IgnoredApps(logText: String(decoding: slice, as: UTF8.self)))
  }
}
