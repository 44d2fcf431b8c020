// TestSupport: helpers shared by the GTK tests on top of GtkHarness — boxes
// of widgets, counting signals (through the binding layer), keyboard focus,
// scripted pointer sequences across several widgets, and a canary for
// released closures.

import CGtk
import ClickGuard
import Foundation
import XCTest

@testable import ClickGuardGtk

/// Counts signal emissions and remembers reported states.
@MainActor
final class Tally {
  var count = 0
  var states: [Bool] = []
}

/// Counts how many canaries were deinitialized: a closure that captured one
/// was released.
final class Canary: Sendable {
  nonisolated(unsafe) static var released = 0
  deinit { Canary.released += 1 }
}

extension GtkHarness {
  /// A GtkBox holding `children`, each centred so that its allocation is its
  /// natural size.
  static func box(_ children: [WidgetPointer], vertical: Bool = false, spacing: Int32 = 20) -> WidgetPointer {
    let box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!
    for child in children {
      gtk_widget_set_halign(child, GTK_ALIGN_CENTER)
      gtk_widget_set_valign(child, GTK_ALIGN_CENTER)
      gtk_box_pack_start(box.cast(), child, 1, 1, 0)
    }
    return box
  }

  /// Counts every emission of `signal` on `instance` into `tally`, through
  /// the binding layer, whose handler must match the signal's C signature:
  /// `void (instance)` (`clicked`, `toggled`), or, with `pointerArgument`,
  /// one pointer argument (`GSimpleAction::activate`), as every `notify::…`
  /// has.
  static func count(_ signal: String, on instance: gpointer, into tally: Tally, pointerArgument: Bool = false) {
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
  }

  /// Gives `widget` the keyboard focus (its window already has the X focus).
  static func focus(_ widget: WidgetPointer) {
    gtk_widget_grab_focus(widget)
    pump(until: { gtk_widget_has_focus(widget) != 0 }, timeout: 2)
  }

  /// Clicks the centres of `widgets` in turn, `rounds` times over,
  /// `delayMs` between clicks, in one xdotool run (real pointer input).
  static func clickInTurn(_ widgets: [WidgetPointer], rounds: Int, delayMs: Int) {
    var arguments: [String] = []
    for round in 0..<rounds {
      for (index, widget) in widgets.enumerated() {
        if round > 0 || index > 0 { arguments += ["sleep", String(Double(delayMs) / 1000)] }
        let (x, y) = screenCenter(of: widget)
        arguments += ["mousemove", String(x), String(y), "click", "1"]
      }
    }
    xdotool(arguments)
  }

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
