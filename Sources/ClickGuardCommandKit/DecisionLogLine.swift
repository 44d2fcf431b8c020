// DecisionLogLine: one line of the module's decision log as `clickguard
// report` reads it (FoundationEssentials' JSONDecoder), by the field names
// the module writes (DecisionLogField). Fields other than `outcome` may be
// missing or null; fields it does not know are ignored, so lines of a newer
// module still count.

import ClickGuardGtk

/// One decision from a ClickGuard decision log (JSON lines, as
/// `CLICKGUARD_LOG` writes them).
///
/// ```json
/// {"time":"2025-11-29T15:02:41.318Z","pid":4242,"program":"gtk3-widget-factory","widget":"GtkButton",
///  "id":null,"label":"Open","accessible":"Open","action":"clicked","kind":"button","source":"user",
///  "outcome":"would-drop","reason":"event-time","event_time":1234567,"control":"0x55d0c2a1b2c0"}
/// ```
package struct DecisionLogLine: Decodable, Equatable, Sendable {
  /// Wall-clock time, ISO 8601 in UTC.
  package var time: String?
  /// The process id.
  package var pid: Int64?
  /// The program name (`g_get_prgname`).
  package var program: String?
  /// The widget's GType name.
  package var widget: String?
  /// The widget's GtkBuilder id.
  package var id: String?
  /// The widget's label.
  package var label: String?
  /// The widget's accessible name.
  package var accessible: String?
  /// `clicked`, a GAction name, `state-set`…
  package var action: String?
  /// `button`, `toggle`, `switch`…
  package var kind: String?
  /// `user`, `programmatic` or `nested`.
  package var source: String?
  /// `accepted`, `dropped`, `would-drop`, `passed`, `fence-drop` or
  /// `would-fence-drop`.
  package var outcome: String
  /// Why it was dropped or passed.
  package var reason: String?
  /// The input event's X server time (ms).
  package var eventTime: UInt32?
  /// The control's identity (the widget's address).
  package var control: String?
  /// Fence lines only: the GType name of the content that fenced the press.
  package var content: String?
  /// Fence lines only: that content's address.
  package var contentControl: String?

  /// The names the module's writer uses (`DecisionLogRecord.jsonLine`).
  typealias CodingKeys = DecisionLogField

  /// A line with `outcome` and the given fields; for tests.
  package init(
    outcome: String, reason: String? = nil, program: String? = nil, widget: String? = "GtkButton",
    label: String? = nil, id: String? = nil, accessible: String? = nil, pid: Int64? = 1, time: String? = nil,
    eventTime: UInt32? = nil, source: String? = "user"
  ) {
    self.outcome = outcome
    self.reason = reason
    self.program = program
    self.widget = widget
    self.label = label
    self.id = id
    self.accessible = accessible
    self.pid = pid
    self.time = time
    self.eventTime = eventTime
    self.source = source
  }
}
