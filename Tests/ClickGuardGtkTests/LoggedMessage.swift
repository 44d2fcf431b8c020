// LoggedMessage: one message GLib logged, as GLibLogRecorder keeps it.

/// One message GLib logged.
struct LoggedMessage: Sendable, CustomStringConvertible {
  /// The log domain (`GLib-GObject`, `Gtk`), or empty.
  let domain: String
  /// Whether it was a critical (`g_critical`, a failed `g_return_if_fail`).
  let isCritical: Bool
  /// Whether it was a warning (`g_warning`).
  let isWarning: Bool
  /// The text.
  let text: String

  var description: String { "\(domain) \(isCritical ? "CRITICAL" : isWarning ? "WARNING" : "message"): \(text)" }
}
