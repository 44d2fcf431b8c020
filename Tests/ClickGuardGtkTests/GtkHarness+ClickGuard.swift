// GtkHarness+ClickGuard: the GTK tests' shorthands for ClickGuard's own API
// on top of the shared harness (ClickGuardTestSupport).

import ClickGuard
import ClickGuardTestSupport
import Foundation

@testable import ClickGuardGtk

extension GtkHarness {
  /// Prints every decision of `dispatcher` when `CG_DEBUG` is set: for
  /// finding out why a timing-dependent test saw what it saw.
  static func debugDecisions(_ dispatcher: ClickDispatcher) {
    guard ProcessInfo.processInfo.environment["CG_DEBUG"] != nil else { return }
    dispatcher.addObserver { decision in
      let activation = decision.activation
      let time = activation.eventTime.map { "\($0)" } ?? "-"
      print("DECISION \(activation.control) \(activation.action) \(activation.source) t=\(time) \(decision.outcome)")
    }
  }

  /// Runs `body` with ``GlobalGuard`` installed, uninstalling it afterwards.
  static func withGlobalGuard(_ body: () throws -> Void) rethrows {
    GlobalGuard.install()
    defer { GlobalGuard.uninstall() }
    try body()
  }

  /// A configuration with `milliseconds` as the global interval.
  static func configuration(intervalMs milliseconds: Int) throws -> GuardConfiguration {
    try GuardConfiguration(interval: ClickInterval(milliseconds: milliseconds))
  }
}
