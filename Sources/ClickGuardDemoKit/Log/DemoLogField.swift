/// The field names of the demo's log lines (all types but `timeline`, whose
/// fields are ``TimelineSnapshot``'s): the one list that ``DemoEvent``
/// writes by and the driver's `DemoLogLine` decodes by (its coding keys).
package enum DemoLogField: String, CodingKey, CaseIterable, Sendable {
  case type, seq
  case monoMs = "mono_ms"
  case action, active
  case atMs = "at_ms"
  case appID = "app_id"
  case control, depth, does, error
  case eventTime = "event_time"
  case from, gate, height, kind
  case lastedMs = "lasted_ms"
  case message, move, ms
  case msSinceMain = "ms_since_main"
  case msSinceProcessStart = "ms_since_process_start"
  case name, options, outcome, page, pages, path, pid, reason, resources
  case runsAction = "runs_action"
  case source, stack, to, top, transition
  case topPage = "top_page"
  case intervalMs = "interval_ms"
  case untilMs = "until_ms"
  case trigger, value, widgets, width, window, xid
}
