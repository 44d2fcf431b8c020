// Strings GLib and GTK return.

import CGLib

/// Copies a C string GLib owns (a type name, a label) into a Swift string;
/// `nil` stays `nil`, where `String(cString:)` would crash on it.
package func swiftString(_ cString: UnsafePointer<gchar>?) -> String? {
  cString.map { String(cString: $0) }
}

/// The message of the GLib error a call left in `error`, or `fallback`
/// when it left none; the error is freed (`g_clear_error`), so it is read
/// once and never leaked.
package func messageTaking(
  _ error: inout UnsafeMutablePointer<GError>?, or fallback: String = "unknown error"
) -> String {
  defer { g_clear_error(&error) }
  return error.flatMap { swiftString($0.pointee.message) } ?? fallback
}
