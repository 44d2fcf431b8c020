// Pointer conversions that stand in for GTK's cast macros.

import CGLib

extension UnsafeMutablePointer {
  /// The same object seen as another C type: what GTK spells
  /// `GTK_BUTTON(widget)` and friends, without their run-time type check
  /// (``GObjectType/isA(_:_:)`` checks where the type is not known).
  package func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
  }

  /// The same object as a `gpointer`, the type GObject's generic functions
  /// (`g_object_ref`, signals, qdata) take.
  package var raw: gpointer { UnsafeMutableRawPointer(self) }
}
