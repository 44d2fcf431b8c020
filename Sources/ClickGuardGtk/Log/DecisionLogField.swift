/// The fields of one decision log line, in the order the module writes
/// them: the one list of names that the module's hand-written writer
/// (``DecisionLogRecord/jsonLine``, which must not pull in
/// FoundationEssentials) and `clickguard report`'s `JSONDecoder` reader
/// (`DecisionLogLine`'s coding keys) share.
package enum DecisionLogField: String, CodingKey, CaseIterable, Sendable {
  case time, pid, program, widget, id, label, accessible, action, kind, source, outcome, reason
  case eventTime = "event_time"
  case control
  /// Fence lines only: the fencing content's GType name.
  case content
  /// Fence lines only: the fencing content's address.
  case contentControl = "content_control"
}
