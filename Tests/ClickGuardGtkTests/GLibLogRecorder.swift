// GLibLogRecorder: what GLib logs during a test, kept instead of printed,
// so that a test can assert that no critical came.

import CGtk
import Synchronization

/// Records GLib's log messages while a test body runs.
///
/// The recorder replaces GLib's default log handler and, while it records,
/// lowers GLib's always-fatal levels to the minimum: under
/// `G_DEBUG=fatal-criticals` (or `fatal-warnings`) a critical would otherwise
/// stop the whole test process, where the test should fail and say which
/// critical it saw.
@MainActor
enum GLibLogRecorder {
  /// Runs `body` and returns what GLib logged meanwhile.
  static func messages(during body: () throws -> Void) rethrows -> [LoggedMessage] {
    recorded.withLock { $0 = [] }
    let fatal = g_log_set_always_fatal(GLogLevelFlags(G_LOG_FLAG_RECURSION.rawValue | G_LOG_LEVEL_ERROR.rawValue))
    let previous = g_log_set_default_handler(record, nil)
    defer {
      g_log_set_default_handler(previous, nil)
      g_log_set_always_fatal(fatal)
    }
    try body()
    return recorded.withLock { $0 }
  }
}

/// The messages recorded so far. GLib may log from any thread.
private let recorded = Mutex<[LoggedMessage]>([])

/// The default log handler while recording.
private let record: GLogFunc = { domain, level, message, _ in
  let logged = LoggedMessage(
    domain: domain.map { String(cString: $0) } ?? "",
    isCritical: level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0,
    isWarning: level.rawValue & G_LOG_LEVEL_WARNING.rawValue != 0,
    text: message.map { String(cString: $0) } ?? "")
  recorded.withLock { $0.append(logged) }
}
