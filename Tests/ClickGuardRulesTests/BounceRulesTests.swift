// The bounce profile's and the drop feedback's settings: `profile=` and
// `feedback=` in the rules file, CLICKGUARD_PROFILE and CLICKGUARD_FEEDBACK
// in the environment (one vocabulary), what they make of the dispatcher's
// configuration, and a clear warning for a bad value — all without a
// display.

import ClickGuardRules
import XCTest

@testable import ClickGuard
@testable import ClickGuardGtk

final class BounceRulesTests: XCTestCase {
  private let path = "/home/ana/.config/clickguard/clickguard.conf"

  private func inForce(_ text: String, program: String = "galculator", environment: [String: String] = [:])
    -> SettingsInForce
  {
    let file = RulesFile(parsing: Array(text.utf8), location: RulesFileLocation(path: path, isExplicit: false))
    return SettingsInForce(program: program, environment: environment, file: file)
  }

  func testABounceGroupJudgesTogglesFromThePreviousPress() {
    let settings = inForce("[galculator]\nprofile=bounce\n")
    XCTAssertEqual(settings.warnings, [])
    let configuration = settings.guardConfiguration
    XCTAssertEqual(configuration.profile, .bounce)
    XCTAssertEqual(configuration.interval.milliseconds, 300)
    // Toggles and switches are judged: the module vetoes both before the
    // app hears of a dropped change.
    XCTAssertEqual(configuration.skippedKinds, [])
    XCTAssertEqual(settings.moduleConfiguration.fence, FenceSettings(), "the spill-over fence stays on")
    XCTAssertEqual(
      settings.entries.map { "\($0.key)=\($0.value)" },
      [
        "mode=enforce", "interval-ms=300", "max-busy-ms=10000", "fence=true", "settle-ms=gtk-double-click-time",
        "profile=bounce", "feedback=off",
      ])
    // Other programs keep the lag profile.
    XCTAssertEqual(inForce("[galculator]\nprofile=bounce\n", program: "other").guardConfiguration, GuardConfiguration())
  }

  func testIntervalMsInABounceGroupIsTheBounceWindow() {
    let configuration = inForce("[default]\nprofile=bounce\ninterval-ms=200\n").guardConfiguration
    XCTAssertEqual(configuration.profile, .bounce)
    XCTAssertEqual(configuration.interval.milliseconds, 200)
  }

  func testFeedbackBellReachesTheModule() {
    XCTAssertEqual(inForce("[default]\nfeedback=bell\n").moduleConfiguration.feedback, .bell)
    XCTAssertEqual(inForce("[default]\nfeedback=Off  # quiet\n").moduleConfiguration.feedback, .off)
    XCTAssertEqual(inForce("").moduleConfiguration.feedback, .off)
  }

  func testWordsAreMatchedInAnyCase() {
    for (key, value, isAccepted) in [
      ("profile", "lag", true), ("profile", "bounce", true), ("profile", " Bounce ", true),
      ("profile", "tremor", false), ("profile", "", false), ("feedback", "bell", true), ("feedback", "OFF", true),
      ("feedback", "beep", false), ("feedback", "true", false),
    ] {
      let settings = inForce("[default]\n\(key)=\(value)\n")
      XCTAssertEqual(settings.warnings.isEmpty, isAccepted, "\(key)=\(value): \(settings.warnings)")
    }
  }

  func testABadValueNamesItselfAndTheAcceptedWords() {
    let settings = inForce("[galculator]\nprofile=tremor\nfeedback=beep\n")
    XCTAssertEqual(settings.file.warnings.map(\.line), [2, 3])
    XCTAssertEqual(
      settings.file.warnings.map(\.message),
      [
        "[galculator] profile=\"tremor\" is not accepted (accepted: lag or bounce); it is ignored and the default applies",
        "[galculator] feedback=\"beep\" is not accepted (accepted: off or bell); it is ignored and the default applies",
      ])
    XCTAssertEqual(settings.guardConfiguration, GuardConfiguration())
    XCTAssertEqual(settings.moduleConfiguration.feedback, .off)
  }

  func testProfileAndFeedbackBelongToProgramGroups() {
    let settings = inForce("[galculator: label=7]\nprofile=bounce\nfeedback=bell\ninterval-ms=250\n")
    XCTAssertEqual(settings.file.warnings.map(\.line), [2, 3])
    XCTAssertTrue(settings.file.warnings[0].message.contains("profile belongs in a program group or [default]"))
    XCTAssertTrue(settings.file.warnings[1].message.contains("feedback belongs in a program group or [default]"))
    XCTAssertEqual(settings.widgetRules.thisProgram.first?.values.interval?.value.milliseconds, 250)
  }

  func testTheEnvironmentSpeaksTheSameWordsAndWins() {
    let settings = inForce(
      "[default]\nprofile=lag\n", environment: ["CLICKGUARD_PROFILE": "BOUNCE", "CLICKGUARD_FEEDBACK": "bell"])
    XCTAssertEqual(settings.guardConfiguration.profile, .bounce)
    XCTAssertEqual(settings.guardConfiguration.interval.milliseconds, 300)
    XCTAssertEqual(settings.moduleConfiguration.feedback, .bell)
    XCTAssertEqual(
      settings.entries.suffix(2).map { "\($0.key)=\($0.value) \($0.origin)" },
      ["profile=bounce CLICKGUARD_PROFILE", "feedback=bell CLICKGUARD_FEEDBACK"])
    let bad = ModuleConfiguration(environment: ["CLICKGUARD_PROFILE": "tremor", "CLICKGUARD_FEEDBACK": "beep"])
    XCTAssertEqual(
      bad.warnings.map(\.description),
      [
        "CLICKGUARD_PROFILE=\"tremor\" is not accepted (accepted: lag or bounce); using the default, lag",
        "CLICKGUARD_FEEDBACK=\"beep\" is not accepted (accepted: off or bell); using the default, off",
      ])
    XCTAssertEqual(bad.guardConfiguration, GuardConfiguration())
  }
}
