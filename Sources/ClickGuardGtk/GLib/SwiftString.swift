// Strings GLib and GTK return.

import CGtk

/// Copies a C string GLib owns (a type name, a label) into a Swift string;
/// `nil` stays `nil`, where `String(cString:)` would crash on it.
package func swiftString(_ cString: UnsafePointer<gchar>?) -> String? {
  cString.map { String(cString: $0) }
}
