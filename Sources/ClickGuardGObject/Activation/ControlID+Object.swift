import CGLib
import ClickGuard

extension ControlID {
  /// The identity of a GObject: its address. A widget's own gates live in
  /// its qdata and go when it is finalized, so a reused address starts clean.
  package init(object: gpointer) {
    self.init(UInt(bitPattern: object))
  }
}
