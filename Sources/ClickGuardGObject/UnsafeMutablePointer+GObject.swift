// Pointer conversions that stand in for GTK's cast macros.

import CGLib

extension UnsafeMutablePointer {
  /// The same object as another C type (`GTK_BUTTON(widget)`, unchecked).
  package func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
  }

  /// The same object as a `gpointer`.
  package var raw: gpointer { UnsafeMutableRawPointer(self) }
}
