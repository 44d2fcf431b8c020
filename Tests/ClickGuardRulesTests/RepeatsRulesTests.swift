// The `repeats` key of the rules file: in a program group it switches a
// person's repeats for the whole program, in a widget group it makes one
// widget's repeats act (or not) whatever its kind; a bad value names itself
// and what is accepted — all without a display.

import ClickGuardRules
import XCTest

@testable import ClickGuard
@testable import ClickGuardGtk

final class RepeatsRulesTests: XCTestCase {
  private let path = "/home/ana/.config/clickguard/clickguard.conf"

  private func inForce(_ text: String, program: String = "qalculate-gtk") -> SettingsInForce {
    let file = RulesFile(parsing: Array(text.utf8), location: RulesFileLocation(path: path, isExplicit: false))
    return SettingsInForce(program: program, environment: [:], file: file)
  }

  func testRepeatsActByDefaultAndAProgramGroupSwitchesThemOff() {
    XCTAssertTrue(inForce("").guardConfiguration.acceptsPersonRepeats)
    let off = inForce("[qalculate-gtk]\nrepeats=false\n")
    XCTAssertEqual(off.warnings, [])
    XCTAssertFalse(off.guardConfiguration.acceptsPersonRepeats)
    XCTAssertTrue(inForce("[qalculate-gtk]\nrepeats=false\n", program: "other").guardConfiguration.acceptsPersonRepeats)
  }

  func testAWidgetGroupSetsTheWidgetsRepeats() {
    let settings = inForce("[qalculate-gtk: label=Send]\nrepeats=off\n[qalculate-gtk: label=Next]\nrepeats=on\n")
    XCTAssertEqual(settings.warnings, [])
    XCTAssertEqual(settings.widgetRules.thisProgram.map(\.values.controlSettings.repeats), [false, true])
  }

  func testABadValueNamesItselfAndTheAcceptedWords() {
    let settings = inForce("[qalculate-gtk]\nrepeats=sometimes\n")
    XCTAssertEqual(settings.file.warnings.map(\.line), [2])
    XCTAssertEqual(
      settings.file.warnings.map(\.message),
      [
        "[qalculate-gtk] repeats=\"sometimes\" is not accepted (accepted: true or false (also on, off, 1 or 0));"
          + " it is ignored and the default applies"
      ])
    XCTAssertTrue(settings.guardConfiguration.acceptsPersonRepeats)
  }
}
