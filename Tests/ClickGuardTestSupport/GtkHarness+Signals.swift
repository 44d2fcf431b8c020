// GtkHarness+Signals: counting a signal's emissions through the binding
// layer.

import CGtk
import ClickGuardGtk
import XCTest

extension GtkHarness {
  /// Counts every emission of `signal` on `instance` into `tally`, through
  /// the binding layer, whose handler must match the signal's C signature:
  /// `void (instance)` (`clicked`, `toggled`), or, with `pointerArgument`,
  /// one pointer argument (`GSimpleAction::activate`), as every `notify::…`
  /// has. The connection holds the tally until the instance is finalized.
  /// - Parameter tally: where to count; a new one by default.
  /// - Returns: `tally`.
  @discardableResult
  package static func count(
    _ signal: String, on instance: gpointer, into tally: Tally = Tally(), pointerArgument: Bool = false
  ) -> Tally {
    let connection =
      pointerArgument || signal.hasPrefix("notify::")
      ? Signal.connect(
        instance, signal,
        withArgument: { _, _ in
          tally.count += 1
          return 0
        })
      : Signal.connect(instance, signal) { _ in tally.count += 1 }
    XCTAssertNotEqual(connection.handlerID, 0, "could not connect \(signal)")
    return tally
  }
}
