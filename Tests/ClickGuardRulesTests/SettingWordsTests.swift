// One vocabulary for the module's settings: every on/off word and every mode
// is accepted the same in the environment and in the rules file.

import ClickGuardRules
import XCTest

@testable import ClickGuard
@testable import ClickGuardGtk

final class SettingWordsTests: XCTestCase {
  private let words: [(text: String, isOn: Bool)] = [
    ("on", true), ("off", false), ("true", true), ("false", false), ("1", true), ("0", false),
    ("ON", true), ("Off", false), ("TRUE", true), ("False", false), (" on ", true), ("\t0\r\n", false),
  ]

  private func file(_ text: String) -> RulesFile {
    RulesFile(parsing: Array(text.utf8), location: RulesFileLocation(path: "/tmp/clickguard.conf", isExplicit: true))
  }

  func testEveryOnOffWordIsAcceptedByTheEnvironmentAndTheFile() {
    for (text, isOn) in words {
      let environment = ModuleConfiguration(environment: ["CLICKGUARD_FENCE": text])
      XCTAssertEqual(environment.warnings, [], text)
      XCTAssertEqual(environment.fence.isEnabled, isOn, text)

      let rules = file("[default]\nfence=\(text)\n")
      XCTAssertEqual(rules.warnings, [], text)
      let inForce = SettingsInForce(program: "app", environment: [:], file: rules)
      XCTAssertEqual(inForce.moduleConfiguration.fence.isEnabled, isOn, text)
    }
  }

  func testEveryModeIsAcceptedByTheEnvironmentAndTheFileInAnyCase() {
    for mode in GuardMode.allCases {
      for text in [mode.rawValue, mode.rawValue.uppercased(), " \(mode.rawValue) "] {
        let environment = ModuleConfiguration(environment: ["CLICKGUARD_MODE": text])
        XCTAssertEqual(environment.warnings, [], text)
        XCTAssertEqual(environment.guardConfiguration.mode, mode, text)

        let rules = file("[default]\nmode=\(text)\n")
        XCTAssertEqual(rules.warnings, [], text)
        XCTAssertEqual(SettingsInForce(program: "app", environment: [:], file: rules).guardConfiguration.mode, mode)
      }
    }
  }

  func testMillisecondsAreReadAlikeByTheEnvironmentAndTheFile() {
    for (text, milliseconds) in [
      ("250", Int64(250)), (" 250 ", 250), ("0", 0), ("+250", nil), ("2.5", nil), ("-0", nil),
    ] {
      let environment = ModuleConfiguration(environment: ["CLICKGUARD_INTERVAL_MS": text])
      XCTAssertEqual(environment.warnings.isEmpty, milliseconds != nil, text)
      let rules = file("[default]\ninterval-ms=\(text)\n")
      XCTAssertEqual(rules.warnings.isEmpty, milliseconds != nil, text)
      if let milliseconds {
        XCTAssertEqual(environment.guardConfiguration.interval.milliseconds, milliseconds, text)
        XCTAssertEqual(rules.rules.defaults.interval?.value.milliseconds, milliseconds, text)
      }
    }
  }

  func testAWordNeitherAcceptsWarnsWithEveryAcceptedWord() {
    let environment = ModuleConfiguration(environment: ["CLICKGUARD_FENCE": "yes"])
    XCTAssertEqual(environment.warnings.map(\.accepted), ["on, off, true, false, 1 or 0"])
    let rules = file("[default]\nfence=yes\n")
    XCTAssertEqual(rules.warnings.count, 1)
    for word in ["true", "false", "on", "off", "1", "0"] {
      XCTAssertTrue(rules.warnings.first?.description.contains(word) == true, word)
    }
  }
}
