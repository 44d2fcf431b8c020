// GtkHarness+Signals: counting any signal's emissions from C, whatever its
// parameters.

import CGtk
import XCTest

extension GtkHarness {
  /// Counts every emission of `signal` on `instance` into `tally`, whatever
  /// the signal's parameters: the handler is connected swapped, so GLib
  /// passes the tally's pointer first and the handler ignores the rest. The
  /// connection holds the tally until the instance is finalized.
  /// - Parameter tally: where to count; a new one by default.
  /// - Returns: `tally`.
  @discardableResult
  package static func count(_ signal: String, on instance: gpointer, into tally: Tally = Tally()) -> Tally {
    let data = Unmanaged.passRetained(tally).toOpaque()
    let handler: @convention(c) (gpointer?) -> Void = { data in
      guard let data else { return }
      let tally = Unmanaged<Tally>.fromOpaque(data).takeUnretainedValue()
      MainActor.assumeIsolated { tally.count += 1 }
    }
    let id = g_signal_connect_data(
      instance, signal, unsafeBitCast(handler, to: GCallback.self), data,
      { data, _ in
        guard let data else { return }
        Unmanaged<Tally>.fromOpaque(data).release()
      }, G_CONNECT_SWAPPED)
    XCTAssertNotEqual(id, 0, "could not connect \(signal)")
    return tally
  }
}
