// The activation paths that are not buttons, in a PyGObject GTK 3 app that
// knows nothing of ClickGuard (Fixtures/activations.py), driven by real X
// input under Xvfb, with and without the module.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class ActivationPathTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw XCTSkip("no /usr/bin/python3 (scripts/deps.sh installs python3-gi and gir1.2-gtk-3.0)")
    }
  }

  /// Runs the fixture without the module, then with it, doing `drive` in
  /// each.
  private func runBoth(
    environment: [String: String] = [:], program: FixtureProgram = .activations, arguments: [String] = [],
    _ drive: (FixtureApp) -> Void
  ) throws -> (without: FixtureResult, with: FixtureResult) {
    let plain = try FixtureApp(modules: nil, arguments: arguments, program: program)
    drive(plain)
    let without = plain.finish()
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: environment, arguments: arguments, program: program)
    drive(app)
    let with = app.finish()
    XCTAssertEqual(with.glibProblems, [], with.stderr)
    // The counts, for the table of paths in docs/module.md.
    let final = { (result: FixtureResult) in result.lines.last { $0.hasPrefix("final ") } ?? "no final line" }
    print("\(name) without the module: \(final(without))\n\(name) with the module: \(final(with))")
    return (without, with)
  }

  // MARK: Bursts: more than one action without the module, one with it

  /// Return pressed five times, 80 ms apart, on a GtkListBox row.
  func testAListRowActivatedByReturnRunsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in
      app.click("row2")  // single-click activation is off: the click moves the cursor
      app.key("Return", count: 5, delayMs: 80)
    }
    XCTAssertEqual(without.rows, [0, 5, 0], "without the module every press activates the row")
    XCTAssertEqual(with.rows, [0, 1, 0])
  }

  /// Return held down on a list row: it auto-repeats; with the module it
  /// acts once, like a held Return on a button.
  func testReturnHeldOnAListRowActivatesItOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in
      app.click("row1")
      app.hold("Return", seconds: 1.5)
    }
    XCTAssertGreaterThan(without.rows.first ?? 0, 3, "the held key repeats")
    XCTAssertEqual(with.rows, [1, 0, 0])
  }

  /// Return pressed five times, 80 ms apart, on a GtkFlowBox child.
  func testAFlowBoxChildActivatedByReturnRunsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in
      app.click("child1")
      app.key("Return", count: 5, delayMs: 80)
    }
    XCTAssertEqual(without.children, [5, 0])
    XCTAssertEqual(with.children, [1, 0])
  }

  /// Return pressed five times, 80 ms apart, on a GtkTreeView row.
  func testATreeViewRowActivatedByReturnRunsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in
      app.click("tree1")  // a single click selects the row and gives the view the focus
      app.key("Return", count: 5, delayMs: 80)
    }
    XCTAssertEqual(without.treeRows, [5, 0])
    XCTAssertEqual(with.treeRows, [1, 0])
  }

  /// A tree view and an icon view created only after the window appeared:
  /// the module overrides their classes' handlers when GTK initialises
  /// them, not at start-up, and still before either can be activated. (In
  /// this app GtkIconView's class is initialised only then; PyGObject
  /// initialises GtkTreeView's at start-up.)
  func testViewsCreatedAfterStartUpAreStillGuarded() throws {
    let (without, with) = try runBoth(arguments: ["--late-views"]) { app in
      app.click("tree1")
      app.key("Return", count: 5, delayMs: 80)
      app.click("icon2")
      app.key("Return", count: 5, delayMs: 80)
    }
    XCTAssertEqual(without.treeRows, [5, 0], "without the module every press activates the row")
    XCTAssertEqual(without.icons, [0, 5])
    XCTAssertEqual(with.treeRows, [1, 0])
    XCTAssertEqual(with.icons, [0, 1])
  }

  /// Return pressed five times, 80 ms apart, on a GtkIconView item.
  func testAnIconViewItemActivatedByReturnRunsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in
      app.click("icon1")
      app.key("Return", count: 5, delayMs: 80)
    }
    XCTAssertEqual(without.icons, [5, 0])
    XCTAssertEqual(with.icons, [1, 0])
  }

  /// Return pressed five times, 80 ms apart, in a form's GtkEntry: the
  /// app's own `activate` handler submits once with the module.
  func testReturnInAnEntrySubmitsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in
      app.click("entry")
      app.key("Return", count: 5, delayMs: 80)
    }
    XCTAssertEqual(without.submitted, 5)
    XCTAssertEqual(with.submitted, 1)
  }

  /// Return held down in an entry: the X server auto-repeats it; like a
  /// held Return on a button, it acts once with the module.
  func testReturnHeldInAnEntrySubmitsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in
      app.click("entry")
      app.hold("Return", seconds: 1.5)
    }
    XCTAssertGreaterThan(without.submitted ?? 0, 3, "the held key repeats")
    XCTAssertEqual(with.submitted, 1)
  }

  /// A GAction accelerator (`gtk_application_set_accels_for_action`),
  /// Ctrl+E five times about 80 ms apart.
  func testAnApplicationAcceleratorBurstRunsOnceWithTheModule() throws {
    let log = ModuleHarness.scratch.appendingPathComponent("accel-\(UUID().uuidString).jsonl")
    let (without, with) = try runBoth(environment: ["CLICKGUARD_LOG": log.path]) { app in
      app.key("ctrl+e", count: 5, delayMs: 40)
    }
    XCTAssertEqual(without.exported, 5)
    XCTAssertEqual(with.exported, 1)
    let records = try JSONLines.objects(in: log).filter { $0["action"] as? String == "win.export" }
    XCTAssertEqual(records.map { $0["outcome"] as? String }, ["accepted"] + Array(repeating: "dropped", count: 4))
    XCTAssertEqual(records.first?["widget"] as? String, "GtkApplicationWindow")
  }

  /// The accelerator of a disabled GAction does nothing in GTK: the module
  /// does not judge it either (no log line), and the press goes on to GTK.
  func testADisabledActionsAcceleratorIsNotJudged() throws {
    let log = ModuleHarness.scratch.appendingPathComponent("disabled-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_LOG": log.path], program: .activations)
    app.key("ctrl+d", count: 3, delayMs: 40)
    app.key("ctrl+e", count: 1)
    let result = app.finish()
    XCTAssertEqual(result.exported, 1)
    let actions = try JSONLines.objects(in: log).compactMap { $0["action"] as? String }
    XCTAssertEqual(actions, ["win.export"], "only the enabled action's accelerator is judged")
  }

  // MARK: Double-clicks on tree and icon views

  /// Five double-clicks 0.9 s apart (each one a double-click to GTK) within
  /// a 5 s interval: every one activates the row without the module, one
  /// with it.
  func testABurstOfDoubleClicksOnATreeRowActivatesItOnceWithTheModule() throws {
    let (without, with) = try runBoth(environment: ["CLICKGUARD_INTERVAL_MS": "5000"]) { app in
      app.doubleClick("tree1", count: 5, gapMs: 900)
    }
    XCTAssertEqual(without.treeRows, [5, 0])
    XCTAssertEqual(with.treeRows, [1, 0])
  }

  /// The same on an icon view's item.
  func testABurstOfDoubleClicksOnAnIconActivatesItOnceWithTheModule() throws {
    let (without, with) = try runBoth(environment: ["CLICKGUARD_INTERVAL_MS": "5000"]) { app in
      app.doubleClick("icon1", count: 5, gapMs: 900)
    }
    XCTAssertEqual(without.icons, [5, 0])
    XCTAssertEqual(with.icons, [1, 0])
  }

  /// Two double-clicks a second apart with the default interval: both
  /// activate, with the module as without it, on a tree row and an icon.
  func testDeliberateDoubleClicksOnTreeRowsAndIconsAllActivate() throws {
    let (without, with) = try runBoth { app in
      app.doubleClick("tree1", count: 2, gapMs: 1000)
      app.doubleClick("icon1", count: 2, gapMs: 1000)
    }
    XCTAssertEqual(without.treeRows, [2, 0])
    XCTAssertEqual(without.icons, [2, 0])
    XCTAssertEqual(with.treeRows, without.treeRows)
    XCTAssertEqual(with.icons, without.icons)
  }

  // MARK: Repeats made on purpose keep working

  /// A held application accelerator (Ctrl+Z) repeats with the module as
  /// without it.
  func testAHeldApplicationAcceleratorKeepsRepeatingWithTheModule() throws {
    let (without, with) = try runBoth { app in app.hold("ctrl+z", seconds: 2.5) }
    let plain = without.undone ?? 0
    XCTAssertGreaterThan(plain, 10, "the X server auto-repeats a held key")
    XCTAssertGreaterThan(with.undone ?? 0, 10)
    XCTAssertLessThanOrEqual(abs((with.undone ?? 0) - plain), max(5, plain / 5), "about as many as without")
  }

  /// Typing, fast Backspaces and arrow keys in an entry give the same text.
  func testTypingBackspacesAndArrowsInAnEntryAreUnchanged() throws {
    let (without, with) = try runBoth { app in
      app.click("entry")
      app.type("hello  wooorld")
      app.key("BackSpace", count: 3, delayMs: 80)
      app.key("Left", count: 3, delayMs: 80)
      app.type("X")
    }
    XCTAssertEqual(without.text, "hello__wXooo")
    XCTAssertEqual(with.text, without.text)
  }

  /// Moving down the list with the arrow keys and pressing Return on each
  /// row, 80 ms between keys (well inside the interval): each row is its
  /// own gate.
  func testReturnOnEachRowInTurnActivatesEveryRow() throws {
    let (without, with) = try runBoth { app in
      app.click("row1")
      app.key("Return Down Return Down Return", count: 1, delayMs: 80)
    }
    XCTAssertEqual(without.rows, [1, 1, 1])
    XCTAssertEqual(with.rows, without.rows)
  }

  /// The same in a tree view: Down then Return activates the next row.
  func testReturnOnEachTreeRowInTurnActivatesBoth() throws {
    let (without, with) = try runBoth { app in
      app.click("tree1")
      app.key("Return Down Return", count: 1, delayMs: 80)
    }
    XCTAssertEqual(without.treeRows, [1, 1])
    XCTAssertEqual(with.treeRows, without.treeRows)
  }

  /// Backspace held down in an entry deletes again and again, the same with
  /// the module.
  func testHeldBackspaceInAnEntryIsUnchanged() throws {
    let (without, with) = try runBoth { app in
      app.click("entry")
      app.type("hello wonderful world")
      app.hold("BackSpace", seconds: 1.2)
    }
    XCTAssertNotEqual(without.text, "hello_wonderful_world", "the held key deleted several characters")
    XCTAssertLessThan(without.text?.count ?? 99, 19, "the held key repeats")
    XCTAssertEqual(with.text, without.text)
  }

  /// A double-click on a word selects it, and typing replaces it.
  func testDoubleClickingAWordSelectsItWithTheModule() throws {
    let (without, with) = try runBoth { app in
      app.doubleClick("words", count: 1, gapMs: 0, settle: 0.3)
      app.type("X")
    }
    XCTAssertNotEqual(without.final["words"], "alpha_beta_gamma_delta_epsilon_zeta", "a word was replaced")
    XCTAssertEqual(with.final["words"], without.final["words"])
  }

  /// The spin button's + held down 1.5 s keeps counting, as without the
  /// module.
  func testASpinButtonHeldDownKeepsCountingWithTheModule() throws {
    let (without, with) = try runBoth { app in app.pressAndHold("spinup", seconds: 1.5) }
    let plain = Int(without.final["spin"] ?? "") ?? 0
    XCTAssertGreaterThan(plain, 10, "GTK repeats while the button is held")
    XCTAssertLessThanOrEqual(abs((Int(with.final["spin"] ?? "") ?? 0) - plain), 3, "about as many as without")
  }

  /// A scale dragged from one end towards the other ends where it was let
  /// go, as without the module.
  func testAScaleDraggedEndsWhereItWasDroppedWithTheModule() throws {
    let (without, with) = try runBoth { app in app.drag(from: "scaleleft", to: "scaleright") }
    XCTAssertGreaterThan(Int(without.final["scale"] ?? "") ?? 0, 50)
    XCTAssertEqual(with.final["scale"], without.final["scale"])
  }

  /// Press on the File menu, drag down, let go on Export (the C fixture):
  /// the press came before the menu was shown, and the item acts once, with
  /// the module as without it.
  func testPressAndDragSelectionInAMenuActsWithTheModule() throws {
    let (without, with) = try runBoth(program: .clickcount) { app in app.drag(from: "file", dx: 10, dy: 30) }
    XCTAssertEqual(without.exported, 1, "the item under the release acts")
    XCTAssertEqual(with.exported, without.exported)
  }

  /// Press on a combo box, drag down, let go on the next item: that item
  /// is chosen, with the module as without it.
  func testPressAndDragSelectionInAComboBoxWorksWithTheModule() throws {
    let (without, with) = try runBoth { app in app.drag(from: "combo", dx: 0, dy: 30) }
    XCTAssertEqual(without.final["combo"], "1", "the item under the release is chosen")
    XCTAssertEqual(with.final["combo"], without.final["combo"])
  }

  /// A second Return 600 ms after the first submits again.
  func testAReturnAfterTheIntervalSubmitsAgain() throws {
    let (without, with) = try runBoth { app in
      app.click("entry")
      app.key("Return", count: 2, delayMs: 600)
    }
    XCTAssertEqual(without.submitted, 2)
    XCTAssertEqual(with.submitted, 2)
  }

  // MARK: Held keys on a button (Fixtures/clickcount.c)

  /// Clicks Count once (it takes the focus), waits out the interval, then
  /// presses Space on it `count` times, each held `holdMs`, `periodMs` apart.
  private func spaceOnCount(holdMs: Int, periodMs: Int) throws -> (without: Int?, with: Int?) {
    let (without, with) = try runBoth(program: .clickcount) { app in
      app.click("count", settle: 0.7)
      app.pressHeld("space", count: 5, holdMs: holdMs, periodMs: periodMs)
    }
    return (without.clicked.map { $0 - 1 }, with.clicked.map { $0 - 1 })
  }

  /// Presses 700 ms apart, each held 350 ms (GTK acts 250 ms into the
  /// hold): all five act with the module, as without it.
  func testSpacePressesHeld350MillisecondsAnd700ApartAllActWithTheModule() throws {
    let counts = try spaceOnCount(holdMs: 350, periodMs: 700)
    XCTAssertEqual(counts.without, 5)
    XCTAssertEqual(counts.with, 5, "the hold before GTK acts is not the action's time")
  }

  /// The same 600 ms apart.
  func testSpacePressesHeld350MillisecondsAnd600ApartAllActWithTheModule() throws {
    let counts = try spaceOnCount(holdMs: 350, periodMs: 600)
    XCTAssertEqual(counts.without, 5)
    XCTAssertEqual(counts.with, 5, "the hold before GTK acts is not the action's time")
  }

  /// Short presses 80 ms apart: one action with the module.
  func testAFastBurstOfSpacePressesActsOnceWithTheModule() throws {
    let counts = try spaceOnCount(holdMs: 20, periodMs: 80)
    XCTAssertEqual(counts.without, 5)
    XCTAssertEqual(counts.with, 1)
  }

  /// Space held 2 s on the button: GTK clicks again on every auto-repeat;
  /// with the module it acts once.
  func testSpaceHeldOnAButtonActsOnceWithTheModule() throws {
    let (without, with) = try runBoth(program: .clickcount) { app in
      app.click("count", settle: 0.7)
      app.hold("space", seconds: 2)
    }
    XCTAssertGreaterThanOrEqual((without.clicked ?? 0) - 1, 3, "the held key repeats")
    XCTAssertEqual(with.clicked.map { $0 - 1 }, 1)
  }
}
