import CGtk
import ClickGuard

#if canImport(Glibc)
  import Glibc
#endif

/// Appends every decision of a dispatcher to a file as JSON lines (one
/// object per decision; docs/module.md lists the fields): for finding double
/// activations in an app, where observe mode shows the would-be drops.
///
/// Each line is written with one `write` on a descriptor opened with
/// `O_APPEND`, so several processes may share a log file, and a line is on
/// disk as soon as the decision is made. A log file never blocks the app
/// and follows its path: a line a full pipe cannot
/// take is dropped, and a file deleted or rotated away is reopened at its
/// path, which is said once. A write that fails is reported once through
/// GLib's log (domain `ClickGuard`) with the path and the reason; the
/// following lines are tried again, each, and the first that succeeds says
/// how many were lost.
@MainActor
public final class DecisionLog {
  /// The file, or `nil` for standard error.
  private let file: DecisionLogFile?
  /// Standard error, when there is no file: never waited for.
  private var standardError = StandardErrorLog()
  /// Where the lines go, as messages name it.
  private let destination: String
  private var subscription: (ClickDispatcher, ObservationToken)?
  private var fenceSubscription: ObservationToken?
  /// The process's runtime: the fence whose drops are logged too.
  private let runtime = GtkClickGuard.runtime
  /// Lines lost since writing last failed.
  private var lostLines = LostLines()

  /// Writes to standard error, never waiting for it: a line it cannot
  /// take now is dropped (see `StandardErrorLog`).
  public init() {
    file = nil
    destination = "standard error"
  }

  /// Writes to `descriptor` as to standard error (for tests).
  package init(standardErrorDescriptor descriptor: Int32) {
    file = nil
    destination = "standard error"
    standardError = StandardErrorLog(descriptor: descriptor)
  }

  /// Opens `path` for appending, creating it (mode 0644) if needed.
  /// - Throws: ``DecisionLogError`` naming the path and the system's reason.
  public convenience init(path: String) throws(DecisionLogError) {
    try self.init(fileName: ByteString(path))
  }

  /// Opens the file `fileName` for appending, creating it (mode 0644) if
  /// needed, without waiting for a FIFO's reader.
  /// - Parameter checkEvery: how often, at most, the path is compared with
  ///   the open file (``DecisionLogFile``).
  package init(fileName: ByteString, checkEvery: Duration = .seconds(1)) throws(DecisionLogError) {
    file = try DecisionLogFile(name: fileName, checkEvery: checkEvery)
    destination = fileName.displayName
  }

  isolated deinit {
    stop()
  }

  /// Logs every decision `dispatcher` makes from now on, and every press the
  /// fresh-content fence drops (or would drop, in observe mode). The
  /// decisions are about GTK widgets: each control id is the address of a
  /// widget alive while its decision is reported.
  public func start(_ dispatcher: ClickDispatcher) {
    stop()
    let token = dispatcher.addObserver { [weak self] decision in
      guard let self else { return }
      let widget: WidgetDescription =
        if let pointer = UnsafeMutableRawPointer(bitPattern: decision.activation.control.rawValue) {
          WidgetDescription(widget: pointer)
        } else {
          WidgetDescription(typeName: "?")
        }
      self.write(
        DecisionLogRecord(
          decision: decision, widget: widget, time: DecisionLogRecord.now(), pid: getpid(),
          program: swiftString(g_get_prgname())))
    }
    subscription = (dispatcher, token)
    fenceSubscription = runtime.fences.decisions.add { [weak self] decision in
      self?.write(
        DecisionLogRecord(
          fenceDecision: decision, time: DecisionLogRecord.now(), pid: getpid(), program: swiftString(g_get_prgname())))
    }
  }

  /// Stops logging.
  public func stop() {
    if let (dispatcher, token) = subscription { dispatcher.removeObserver(token) }
    subscription = nil
    if let fenceSubscription { runtime.fences.decisions.remove(fenceSubscription) }
    fenceSubscription = nil
  }

  /// Appends `record` as one line.
  package func write(_ record: DecisionLogRecord) {
    let clock = subscription?.0.clock ?? runtime.dispatcher.clock
    switch file?.followPath(at: clock.now) {
    case .recreated:
      cg_log_message(
        "the decision log \(destination) was deleted or moved away; the following lines go to a new file at that path")
    case .replaced:
      cg_log_message(
        "the decision log \(destination) was replaced by another file (rotated); the following lines go to the new one")
    case nil:
      break
    }
    let reason: String? =
      if let file {
        if case .lost(let reason) = file.append(record.jsonLine) { reason } else { nil }
      } else {
        standardError.append(record.jsonLine)
      }
    if let (message, isFailure) = lostLines.note(reason, log: "the decision log", destination: destination) {
      // GLib's messages go to standard error too: one saying it cannot be
      // written would wait for it (or raise SIGPIPE); once it takes lines
      // again, the count of the lost ones can go there.
      if file != nil || !isFailure { cg_log_message(message) }
    }
  }
}

/// The decision log could not be opened.
public struct DecisionLogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path given, as it can be shown.
  public let path: String
  /// The system's reason (`strerror`).
  public let reason: String

  /// For example `cannot open /x/clicks.jsonl for appending: No such file or
  /// directory`.
  public var description: String {
    "cannot open \(path) for appending: \(reason)"
  }
}
