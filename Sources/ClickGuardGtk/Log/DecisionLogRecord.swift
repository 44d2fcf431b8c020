import CGtk
import ClickGuard

/// One line of the decision log.
///
/// ```json
/// {"time":"2025-11-29T15:02:41.318Z","pid":4242,"program":"gtk3-widget-factory","widget":"GtkButton",
///  "id":null,"label":"Open","accessible":"Open","action":"clicked","kind":"button","source":"user",
///  "outcome":"would-drop","reason":"event-time","event_time":1234567,"control":"0x55d0c2a1b2c0"}
/// ```
///
/// `outcome` and `reason` are the ``ClickOutcome``'s words (an accepted
/// activation's reason is its ``AcceptReason``, `null` without one);
/// `event_time` is the input event's timestamp, `null` without one. Fence
/// lines have kind `fence`, a ``SpillOverFence/Reason``, and name the
/// fencing `content` and `content_control`.
package struct DecisionLogRecord: Hashable, Sendable {
  /// ISO 8601 in UTC.
  package var time: String
  /// Tells apart processes sharing a log file.
  package var pid: Int32
  /// `g_get_prgname`, if known.
  package var program: String?
  /// The widget decided about.
  package var widget: WidgetDescription
  /// `clicked`, a GAction name such as `win.save`, or `state-set`.
  package var action: String
  /// `button`, `toggle`, `switch` or `fence`.
  package var kind: String
  /// `user`, `programmatic` or `nested`.
  package var source: String
  /// The ``ClickOutcome/outcomeWord``.
  package var outcome: String
  /// Why it was dropped, passed or fenced, or accepted within the interval.
  package var reason: String?
  /// The input event's timestamp, if any.
  package var eventTime: UInt32?
  /// The widget's address.
  package var control: String
  /// The GType name of the content that fenced the input: fence lines only.
  package var contentType: String?
  /// That content's address: fence lines only.
  package var contentControl: String?

  /// The record of `decision` about `widget`.
  package init(decision: ClickDecision, widget: WidgetDescription, time: String, pid: Int32, program: String?) {
    self.time = time
    self.pid = pid
    self.program = program
    self.widget = widget
    action = decision.activation.action.rawValue
    kind = decision.activation.kind.rawValue
    source = decision.activation.source.rawValue
    outcome = decision.outcome.outcomeWord
    reason = decision.outcome.reasonWord ?? decision.acceptance?.rawValue
    eventTime = decision.activation.eventTime?.milliseconds
    control = decision.activation.control.description
  }

  /// The record of a press the fresh-content fence dropped or would drop.
  @MainActor
  package init(fencedInput fenced: FencedInput, time: String, pid: Int32, program: String?) {
    self.time = time
    self.pid = pid
    self.program = program
    widget = WidgetDescription(widget: fenced.target.raw)
    action = fenced.input
    kind = "fence"
    source = "user"
    outcome = fenced.outcome.outcomeWord
    reason = fenced.outcome.reasonWord
    eventTime = fenced.eventTime?.milliseconds
    control = ControlID(object: fenced.target.raw).description
    contentType = swiftString(g_type_name(cg_type_of(fenced.content.raw))) ?? "?"
    contentControl = ControlID(object: fenced.content.raw).description
  }

  /// One line of JSON, no line break: ``DecisionLogField``'s fields in order.
  package var jsonLine: String {
    var fields: [(DecisionLogField, JSONValue)] = [
      (.time, .string(time)), (.pid, .number(pid)), (.program, .optional(program)),
      (.widget, .string(widget.typeName)), (.id, .optional(widget.builderID)), (.label, .optional(widget.label)),
      (.accessible, .optional(widget.accessibleName)), (.action, .string(action)), (.kind, .string(kind)),
      (.source, .string(source)), (.outcome, .string(outcome)), (.reason, .optional(reason)),
      (.eventTime, .optional(eventTime)), (.control, .string(control)),
    ]
    if let contentType, let contentControl {
      fields += [(.content, .string(contentType)), (.contentControl, .string(contentControl))]
    }
    return JSONValue.object(fields.map { ($0.0.rawValue, $0.1) }).encoded
  }

  /// The wall-clock time now, ISO 8601 in UTC with milliseconds.
  package static func now() -> String {
    guard let date = g_date_time_new_now_utc() else { return "?" }
    defer { g_date_time_unref(date) }
    guard let base = g_date_time_format(date, "%Y-%m-%dT%H:%M:%S") else { return "?" }
    defer { g_free(base) }
    let milliseconds = String(g_date_time_get_microsecond(date) / 1000)
    return String(cString: base) + "." + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds + "Z"
  }
}
