// DemoLog: writes DemoEvents as JSON lines to the --log-file (one write per
// line, see LogFile) and hands each event to the in-window log pane.

import ClickGuardAppSupport
import ClickGuardGtk

/// The demo's event log: a JSON-lines file (optional) and listeners.
@MainActor
package final class DemoLog {
  private let file: LogFile?
  private var listeners: [@MainActor (DemoEvent, Double) -> Void] = []
  private var nextSeq = 1

  /// A log writing to `name` (see ``LogFile`` for what it accepts), or to no
  /// file when `name` is `nil`.
  /// - Throws: ``OutputFileError`` when the file is refused or cannot be
  ///   made.
  package init(name: FileName?) throws(OutputFileError) {
    file = try name.map { name throws(OutputFileError) in try LogFile(name) }
  }

  /// How many lines were logged (written or not).
  package var count: Int { nextSeq - 1 }

  /// Calls `body` with every event from now on (the log pane, counters).
  func addListener(_ body: @escaping @MainActor (DemoEvent, Double) -> Void) {
    listeners.append(body)
  }

  /// Writes `event` as one line and tells the listeners.
  package func record(_ event: DemoEvent) {
    let now = ProcessClock.monotonicMs()
    let seq = nextSeq
    nextSeq += 1
    file?.append(event.line(seq: seq, monoMs: now).encoded)
    for listener in listeners { listener(event, now) }
  }
}
