// LogTimestamp: the decision log's wall-clock time (ISO 8601 in UTC with
// milliseconds) as milliseconds since 1970, to measure gaps between lines.

import CGtk

/// Reads the `time` field of a decision log line.
package enum LogTimestamp {
  /// `text` (`2025-11-29T15:02:41.318Z`) in milliseconds since 1970, or
  /// `nil` when it is not an ISO 8601 date and time with a time zone.
  /// GLib's `g_date_time_new_from_iso8601` reads it.
  package static func milliseconds(_ text: String) -> Int64? {
    guard let time = g_date_time_new_from_iso8601(text, nil) else { return nil }
    defer { g_date_time_unref(time) }
    return Int64(g_date_time_to_unix(time)) * 1000 + Int64(g_date_time_get_microsecond(time) / 1000)
  }
}
