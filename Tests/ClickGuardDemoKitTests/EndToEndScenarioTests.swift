// The mission, end to end, the way a person meets it (issue 6): the built
// demo binary under a real X server, real mouse and keyboard input through
// XTEST (xdotool), outcomes read from the demo's JSON log. Each scenario runs
// twice: with ClickGuard on it must navigate exactly once with no spill-over;
// with it off it must show the duplicate, or the scenario proves nothing.

import ClickGuardShowcase
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class EndToEndScenarioTests: XCTestCase {
  private var runner: EndToEndRunner?

  override func setUpWithError() throws {
    try XDisplay.require()
    let binary = try DemoBinary.path()
    runner = try EndToEndRunner(
      binary: binary, directory: NSTemporaryDirectory() + "clickguard-e2e-\(getpid())")
  }

  /// Runs `scenario` with ClickGuard on, then off; a run that does not show
  /// what it must fails with the scenario, the input sent and every log
  /// line seen.
  private func prove(_ scenario: EndToEndScenario, file: StaticString = #filePath, line: UInt = #line) throws {
    let runner = try XCTUnwrap(runner)
    for side in GuardSide.allCases {
      let run: ScenarioRun
      do {
        run = try runner.run(scenario, side: side)
      } catch {
        XCTFail("scenario \(scenario.id) (\(scenario.title)), \(side.rawValue): \(error)", file: file, line: line)
        continue
      }
      if !run.passed { XCTFail(run.report, file: file, line: line) }
    }
  }

  /// 1. Five clicks 80 ms apart, no lag: one navigation; without ClickGuard
  /// the rest land on the next page's "Add to cart".
  func testScenario1Burst() throws {
    try prove(.burst)
  }

  /// 2. A 1.5 s main-loop stall with 5 clicks during it, the page switched on
  /// the next main-loop turn: one navigation; without ClickGuard, one per
  /// queued click.
  func testScenario2StalledMainLoop() throws {
    try prove(.stall)
  }

  /// 3. A handler that takes 1.5 s, clicks every 150 ms for 1.5 s: one
  /// navigation; without ClickGuard every queued click reruns the handler
  /// and navigates again.
  func testScenario3SlowHandler() throws {
    try prove(.slowHandler)
  }

  /// 4. Navigation after a 1.5 s load, clicks during the wait: one
  /// navigation; without ClickGuard one load and one navigation per click.
  func testScenario4AsyncLoad() throws {
    try prove(.asyncLoad)
  }

  /// 5. Three seconds of clicking the spot of "Open details", handler lag
  /// 1 s, slide transition: the details page's button at that spot never
  /// fires; without the fence it does, guard or not.
  func testScenario5SpillOver() throws {
    try prove(.spillOver)
  }

  /// 6. Enter held 2 s on the focused button: one action; without ClickGuard
  /// the auto-repeat acts again on the next page.
  func testScenario6KeyboardEnterHeld() throws {
    try prove(.keyboardEnter)
  }

  /// 6. Space held 2 s on the focused button: one action.
  func testScenario6KeyboardSpaceHeld() throws {
    try prove(.keyboardSpace)
  }

  /// 7. A switch and a check button toggled fast: every toggle takes effect
  /// and each shows the state the app was told last, as without ClickGuard.
  func testScenario7TogglesAreNotThrottled() throws {
    try prove(.toggles)
  }

  /// 8. Two guarded buttons clicked in turn within one interval: both act
  /// on every click.
  func testScenario8TwoGuardedButtonsBothAct() throws {
    try prove(.twoButtons)
  }

  /// 9. A burst on a GtkActionable button: its GAction runs once; without
  /// ClickGuard once per click.
  func testScenario9GActionRunsOnce() throws {
    try prove(.gAction)
  }
}
