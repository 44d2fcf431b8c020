import CGLib

/// A closure on the heap, carried by GLib as a handler's or a source's user
/// data: retained once, released by GLib's destroy notify alone, so it lives
/// exactly as long as the connection or source that calls it.
@MainActor
package final class ClosureBox<Body> {
  /// The boxed closure.
  package let body: Body

  private init(_ body: Body) {
    self.body = body
  }

  /// Boxes `body`; the address carries one retain.
  package static func retained(_ body: Body) -> gpointer {
    Unmanaged.passRetained(ClosureBox(body)).toOpaque()
  }

  /// The box at `data`, not retained.
  package nonisolated static func at(_ data: gpointer) -> ClosureBox {
    Unmanaged<ClosureBox>.fromOpaque(data).takeUnretainedValue()
  }

  /// Drops the retain of a box GLib refused.
  package nonisolated static func release(_ data: gpointer) {
    Unmanaged<ClosureBox>.fromOpaque(data).release()
  }
}

/// The `GClosureNotify` of every handler ``Signal`` connects.
package let closureBoxNotify: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The `GDestroyNotify` of every source ``MainLoop`` adds.
package let closureBoxDestroyNotify: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}
