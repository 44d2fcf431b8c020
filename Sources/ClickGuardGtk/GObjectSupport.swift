// Small helpers over GObject's C API: pointer casts that stand in for GTK's
// cast macros, type checks, quarks and identities.

import CGtk
import ClickGuard

/// A pointer to any GTK widget, as the C API hands it out.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer {
  /// The same object seen as another C type (GTK's `GTK_BUTTON(x)` and
  /// friends).
  @inline(__always)
  func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
  }

  /// The same object as a `gpointer`.
  @inline(__always)
  var raw: gpointer { UnsafeMutableRawPointer(self) }
}

/// GObject type checks that GTK spells as macros.
enum GType_ {
  /// Whether `instance` is a `type` or one of its subtypes.
  @inline(__always)
  static func isA(_ instance: gpointer?, _ type: GType) -> Bool {
    guard let instance else { return false }
    return cg_is_a(instance, type) != 0
  }
}

extension ControlID {
  /// The identity of a GObject: its address. A widget's own gates live in
  /// its qdata and go when it is finalized, so a reused address starts clean.
  init(object: gpointer) {
    self.init(UInt(bitPattern: object))
  }
}

/// Copies a C string GLib owns into a Swift string (`nil` stays `nil`).
func swiftString(_ cString: UnsafePointer<gchar>?) -> String? {
  cString.map { String(cString: $0) }
}
