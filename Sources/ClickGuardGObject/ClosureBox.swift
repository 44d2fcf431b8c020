// ClosureBox: a Swift closure on the heap, so that GLib can carry it as a
// handler's or a source's `gpointer` user data, and GLib's destroy notifies
// that release it.

import CGLib

/// Holds a closure for GLib.
///
/// ``Signal`` and ``MainLoop`` retain a box once (`Unmanaged.passRetained`)
/// and hand its address to GLib as user data. GLib's destroy notify
/// (``closureBoxNotify`` for a signal handler, ``closureBoxDestroyNotify``
/// for a main-loop source) releases it, so the box lives exactly as long as
/// the connection or source that calls it. The box belongs to the main
/// actor, the only place its closure runs (GLib calls our handlers on GTK's
/// thread), which also makes it safe to hand to `MainActor.assumeIsolated`.
@MainActor
package final class ClosureBox<Body> {
  /// The boxed closure.
  package let body: Body

  private init(_ body: Body) {
    self.body = body
  }

  /// Boxes `body` and returns the box's address with one retain, which
  /// GLib's destroy notify drops (or ``release(_:)`` if GLib refused it).
  package static func retained(_ body: Body) -> gpointer {
    Unmanaged.passRetained(ClosureBox(body)).toOpaque()
  }

  /// The box at `data`, not retained: valid while GLib keeps the connection
  /// or source that owns it.
  package nonisolated static func at(_ data: gpointer) -> ClosureBox {
    Unmanaged<ClosureBox>.fromOpaque(data).takeUnretainedValue()
  }

  /// Drops the retain of a box GLib never took: the connection or source
  /// was refused, so no destroy notify will come.
  package nonisolated static func release(_ data: gpointer) {
    Unmanaged<ClosureBox>.fromOpaque(data).release()
  }
}

/// The `GClosureNotify` of every signal handler ``Signal`` connects: GLib
/// calls it once, when the handler is disconnected or its instance is
/// finalized, and it drops the box's retain.
package let closureBoxNotify: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The `GDestroyNotify` of every source ``MainLoop`` adds: GLib calls it once,
/// when the source is removed or its callback returns false.
package let closureBoxDestroyNotify: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}
