import CGtk
import ClickGuard

#if canImport(Glibc)
  import Glibc
#endif

/// Appends every decision of a dispatcher to a file as JSON lines
/// (docs/module.md lists the fields), for finding double activations.
///
/// Each line is one `write` with `O_APPEND`, so processes may share a file.
/// The log never blocks the app: a line a full pipe cannot take is dropped,
/// a file rotated away is reopened at its path, and a failing write is
/// reported once through GLib's log, then the lost lines are counted.
@MainActor
public final class DecisionLog {
  /// The file, or `nil` for standard error.
  private let file: DecisionLogFile?
  private var standardError = StandardErrorLog()
  /// Where the lines go, as messages name it.
  private let destination: String
  private var subscription: (ClickDispatcher, ObservationToken)?
  private var fenceSubscription: ObservationToken?
  /// The process's runtime: the fence whose drops are logged too.
  private let runtime = GtkClickGuard.runtime
  /// Lines lost since writing last failed.
  private var lostLines = LostLines()

  /// Writes to standard error, dropping a line it cannot take now.
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

  /// Opens `fileName` for appending like ``init(path:)``, not waiting for a FIFO's reader.
  /// - Parameter checkEvery: how often, at most, the path is compared with the open file.
  package init(fileName: ByteString, checkEvery: Duration = .seconds(1)) throws(DecisionLogError) {
    file = try DecisionLogFile(name: fileName, checkEvery: checkEvery)
    destination = fileName.displayName
  }

  isolated deinit {
    stop()
  }

  /// Logs every decision `dispatcher` makes from now on, and every press the
  /// fence drops or would drop. Control ids must be live widgets' addresses.
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
    fenceSubscription = runtime.fences.fencedInputs.add { [weak self] fenced in
      self?.write(
        DecisionLogRecord(
          fencedInput: fenced, time: DecisionLogRecord.now(), pid: getpid(), program: swiftString(g_get_prgname())))
    }
  }

  /// Stops logging.
  public func stop() {
    if let (dispatcher, token) = subscription { dispatcher.removeObserver(token) }
    subscription = nil
    if let fenceSubscription { runtime.fences.fencedInputs.remove(fenceSubscription) }
    fenceSubscription = nil
  }

  /// Appends `record` as one line.
  package func write(_ record: DecisionLogRecord) {
    let clock = subscription?.0.clock ?? runtime.dispatcher.clock
    switch file?.followPath(at: clock.now) {
    case .recreated:
      cg_log_message(
        localized(
          "the decision log {destination} was deleted or moved away; the following lines go to a new file at that path"
        ).filling(["destination": destination]))
    case .replaced:
      cg_log_message(
        localized(
          "the decision log {destination} was replaced by another file (rotated); the following lines go to the new one"
        ).filling(["destination": destination]))
    case nil:
      break
    }
    let reason: String? =
      if let file {
        if case .lost(let reason) = file.append(record.jsonLine) { reason } else { nil }
      } else {
        standardError.append(record.jsonLine)
      }
    if let (message, isFailure) = lostLines.note(reason, log: localized("the decision log"), destination: destination) {
      // GLib's messages go to standard error too: say nothing while it is stuck.
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

  /// `cannot open PATH for appending: REASON`, in the reader's language.
  public var description: String {
    localized("cannot open {path} for appending: {reason}").filling(["path": path, "reason": reason])
  }
}
