// DecisionLog: every dispatcher decision as one JSON object per line, for
// finding double activations in an app (observe mode shows the would-be
// drops). The record and its JSON are pure; the writer appends to a file
// descriptor.

import CGtk
import ClickGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the log says about the widget a decision was made for.
public struct WidgetDescription: Hashable, Sendable {
  /// The GType name, for example `GtkButton` or `GtkModelButton`.
  public var typeName: String
  /// The GtkBuilder id (`gtk_buildable_get_name`), if any.
  public var builderID: String?
  /// The button's label, if it has a text label.
  public var label: String?
  /// The accessible name screen readers (and AT-SPI tests) read, if any.
  public var accessibleName: String?

  /// Describes a widget by hand.
  public init(typeName: String, builderID: String? = nil, label: String? = nil, accessibleName: String? = nil) {
    self.typeName = typeName
    self.builderID = builderID
    self.label = label
    self.accessibleName = accessibleName
  }

  /// Reads the description of a live GTK widget. Cheap: a few getters.
  @MainActor
  public init(widget: gpointer) {
    typeName = swiftString(g_type_name(cg_type_of(widget))) ?? "?"
    builderID =
      GObjectType.isA(widget, gtk_buildable_get_type())
      ? swiftString(gtk_buildable_get_name(OpaquePointer(widget))) : nil
    label =
      GObjectType.isA(widget, gtk_button_get_type())
      ? swiftString(gtk_button_get_label(widget.assumingMemoryBound(to: GtkButton.self))) : nil
    let accessible = gtk_widget_get_accessible(widget.assumingMemoryBound(to: GtkWidget.self))
    accessibleName = accessible.flatMap { swiftString(atk_object_get_name($0)) }.flatMap { $0.isEmpty ? nil : $0 }
  }
}

/// One line of the decision log.
///
/// ```json
/// {"time":"2025-11-29T15:02:41.318Z","pid":4242,"program":"gtk3-widget-factory","widget":"GtkButton",
///  "id":null,"label":"Open","accessible":"Open","action":"clicked","kind":"button","source":"user",
///  "outcome":"would-drop","reason":"event-time","event_time":1234567,"control":"0x55d0c2a1b2c0"}
/// ```
///
/// `outcome` is `accepted`, `dropped`, `would-drop` (observe mode: it ran
/// anyway) or `passed` (not judged). `reason` is the drop reason (`busy`,
/// `within-interval`, `event-time`) or the pass reason (`guard-off`,
/// `exempt`, `kind-skipped`, `programmatic`, `nested`), `null` when
/// accepted. `event_time` is the input event's X server timestamp in
/// milliseconds, `null` when there was no event.
public struct DecisionLogRecord: Hashable, Sendable {
  /// The wall-clock time of the decision, ISO 8601 in UTC.
  public var time: String
  /// The process id, so lines of several processes sharing a log file can
  /// be told apart.
  public var pid: Int32
  /// The program name (`g_get_prgname`), if known.
  public var program: String?
  /// The widget.
  public var widget: WidgetDescription
  /// The action: `clicked`, a GAction name such as `win.save`, or
  /// `state-set`.
  public var action: String
  /// `button`, `toggle` or `switch`.
  public var kind: String
  /// `user`, `programmatic` or `nested`.
  public var source: String
  /// `accepted`, `dropped`, `would-drop` or `passed`.
  public var outcome: String
  /// Why it was dropped or passed; `nil` when accepted.
  public var reason: String?
  /// The input event's timestamp (ms), if any.
  public var eventTime: UInt32?
  /// The control's identity (the widget's address).
  public var control: String

  /// The record of `decision` about `widget`.
  public init(decision: ClickDecision, widget: WidgetDescription, time: String, pid: Int32, program: String?) {
    self.time = time
    self.pid = pid
    self.program = program
    self.widget = widget
    action = decision.activation.action.rawValue
    kind = decision.activation.kind.rawValue
    source = decision.activation.source.rawValue
    switch decision.outcome {
    case .accepted: (outcome, reason) = ("accepted", nil)
    case .dropped(let why): (outcome, reason) = ("dropped", why.rawValue)
    case .wouldDrop(let why): (outcome, reason) = ("would-drop", why.rawValue)
    case .passed(let why): (outcome, reason) = ("passed", why.rawValue)
    }
    eventTime = decision.activation.eventTime?.milliseconds
    control = decision.activation.control.description
  }

  /// The record as one line of JSON, without the line break.
  public var jsonLine: String {
    let fields: [(String, String)] = [
      ("time", jsonStringLiteral(time)), ("pid", String(pid)), ("program", jsonStringLiteral(program)),
      ("widget", jsonStringLiteral(widget.typeName)), ("id", jsonStringLiteral(widget.builderID)),
      ("label", jsonStringLiteral(widget.label)), ("accessible", jsonStringLiteral(widget.accessibleName)),
      ("action", jsonStringLiteral(action)), ("kind", jsonStringLiteral(kind)), ("source", jsonStringLiteral(source)),
      ("outcome", jsonStringLiteral(outcome)), ("reason", jsonStringLiteral(reason)),
      ("event_time", eventTime.map { String($0) } ?? "null"), ("control", jsonStringLiteral(control)),
    ]
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  /// The current wall-clock time as ISO 8601 in UTC with milliseconds, for
  /// example `2025-11-29T15:02:41.318Z`.
  public static func now() -> String {
    guard let date = g_date_time_new_now_utc() else { return "?" }
    defer { g_date_time_unref(date) }
    guard let base = g_date_time_format(date, "%Y-%m-%dT%H:%M:%S") else { return "?" }
    defer { g_free(base) }
    let milliseconds = String(g_date_time_get_microsecond(date) / 1000)
    return String(cString: base) + "." + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds + "Z"
  }
}

/// Appends every decision of a dispatcher to a file as JSON lines.
///
/// Each line is written with one `write` on a descriptor opened with
/// `O_APPEND`, so several processes may share a log file without mixing up
/// lines, and a line is on disk as soon as the decision is made.
@MainActor
public final class DecisionLog {
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  private var subscription: (ClickDispatcher, ObservationToken)?

  /// Writes to standard error.
  public init() {
    descriptor = 2
    ownsDescriptor = false
  }

  /// Opens `path` for appending, creating it (mode 0644) if needed.
  /// - Throws: ``DecisionLogError`` naming the path and the system's reason.
  public init(path: String) throws(DecisionLogError) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw DecisionLogError(path: path, reason: String(cString: strerror(errno)))
    }
    descriptor = fd
    ownsDescriptor = true
  }

  isolated deinit {
    stop()
    if ownsDescriptor { close(descriptor) }
  }

  /// Logs every decision `dispatcher` makes from now on. The decisions are
  /// about GTK widgets: each control id is the address of a live widget
  /// while the decision is reported.
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
  }

  /// Stops logging.
  public func stop() {
    if let (dispatcher, token) = subscription { dispatcher.removeObserver(token) }
    subscription = nil
  }

  /// Appends `record` as one line.
  public func write(_ record: DecisionLogRecord) {
    appendLine(record.jsonLine, to: descriptor)
  }
}

/// Writes `line` and a line break to `descriptor` in one `write` where the
/// system allows; a full disk or a closed pipe loses the line, never the app.
func appendLine(_ line: String, to descriptor: Int32) {
  var text = line + "\n"
  text.withUTF8 { buffer in
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}

/// The decision log could not be opened.
public struct DecisionLogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path given.
  public let path: String
  /// The system's reason (`strerror`).
  public let reason: String

  /// For example `cannot open /x/clicks.jsonl for appending: No such file or
  /// directory`.
  public var description: String {
    "cannot open \(path) for appending: \(reason)"
  }
}
