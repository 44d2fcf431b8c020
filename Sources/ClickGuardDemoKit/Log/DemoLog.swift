// DemoLog: writes DemoEvents as JSON lines to the --log-file (flushed line by
// line) and hands each event to the in-window log pane.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The log file could not be opened.
public struct LogFileError: Error, CustomStringConvertible {
  /// The path given.
  public let path: String
  /// The system's reason.
  public let reason: String

  public var description: String { "cannot open log file '\(path)' for writing: \(reason)" }
}

/// The demo's event log: a JSON-lines file (optional) and listeners.
@MainActor
public final class DemoLog {
  private let file: UnsafeMutablePointer<FILE>?
  private var listeners: [@MainActor (DemoEvent, Double) -> Void] = []
  private var nextSeq = 1

  /// A log writing to `path`, or to no file when `path` is `nil`.
  /// - Throws: ``LogFileError`` when the file cannot be created.
  public init(path: String?) throws(LogFileError) {
    if let path {
      guard let handle = fopen(path, "w") else {
        throw LogFileError(path: path, reason: String(cString: strerror(errno)))
      }
      file = handle
    } else {
      file = nil
    }
  }

  isolated deinit {
    if let file { fclose(file) }
  }

  /// How many lines were written.
  public var count: Int { nextSeq - 1 }

  /// Calls `body` with every event from now on (the log pane, counters).
  public func addListener(_ body: @escaping @MainActor (DemoEvent, Double) -> Void) {
    listeners.append(body)
  }

  /// Writes `event` as one flushed line and tells the listeners.
  public func record(_ event: DemoEvent) {
    let now = ProcessClock.monotonicMs()
    let seq = nextSeq
    nextSeq += 1
    if let file {
      fputs(event.line(seq: seq, monoMs: now).encoded + "\n", file)
      fflush(file)
    }
    for listener in listeners { listener(event, now) }
  }
}
