// ModuleConfiguration and DecisionLogRecord: the module's CLICKGUARD_*
// variables and its JSON lines, checked without a process or a display.

import ClickGuardRules
import Foundation
import XCTest

@testable import ClickGuard
@testable import ClickGuardGtk

final class ModuleConfigurationTests: XCTestCase {
  func testUnsetOrEmptyVariablesGiveTheDefaultsSilently() {
    for environment in [[:], Dictionary(uniqueKeysWithValues: ModuleConfiguration.variables.map { ($0, " ") })] {
      let settings = ModuleConfiguration(environment: environment)
      XCTAssertEqual(settings.guardConfiguration, GuardConfiguration())
      XCTAssertEqual(settings.guardConfiguration.interval.milliseconds, 500)
      XCTAssertEqual(settings.guardConfiguration.mode, .enforce)
      XCTAssertNil(settings.log)
      XCTAssertEqual(settings.stallAfterClick, .zero)
      XCTAssertEqual(settings.periodicStall, .zero)
      XCTAssertEqual(settings.periodicEvery.milliseconds, 1000)
      XCTAssertEqual(settings.fence, FenceSettings(isEnabled: true, settle: nil))
      XCTAssertEqual(settings.warnings, [])
    }
  }

  func testTheFenceVariablesTurnItOffAndSetItsSettleTime() throws {
    for off in ["off", "FALSE", " 0 "] {
      XCTAssertFalse(ModuleConfiguration(environment: ["CLICKGUARD_FENCE": off]).fence.isEnabled, off)
    }
    for on in ["on", "true", "1"] {
      XCTAssertTrue(ModuleConfiguration(environment: ["CLICKGUARD_FENCE": on]).fence.isEnabled, on)
    }
    let settled = ModuleConfiguration(environment: ["CLICKGUARD_SETTLE_MS": "650"])
    XCTAssertEqual(settled.fence.settle, try ClickInterval(milliseconds: 650))
    XCTAssertEqual(ModuleConfiguration(environment: ["CLICKGUARD_SETTLE_MS": "5000"]).warnings, [])
    let rejected = ModuleConfiguration(environment: ["CLICKGUARD_FENCE": "maybe", "CLICKGUARD_SETTLE_MS": "5001"])
    XCTAssertEqual(rejected.fence, FenceSettings())
    XCTAssertEqual(
      rejected.warnings.map(\.description),
      [
        "CLICKGUARD_FENCE=\"maybe\" is not accepted (accepted: on, off, true, false, 1 or 0); using the default, on",
        "CLICKGUARD_SETTLE_MS=\"5001\" is not accepted (accepted: whole milliseconds from 0 to 5000); "
          + "using the default, gtk-double-click-time",
      ])
  }

  func testEveryVariableIsRead() {
    let settings = ModuleConfiguration(environment: [
      "CLICKGUARD_INTERVAL_MS": " 250 ", "CLICKGUARD_MODE": "Observe", "CLICKGUARD_LOG": "/tmp/clicks.jsonl",
      "CLICKGUARD_STALL_MS": "700", "CLICKGUARD_PERIODIC_STALL_MS": "300", "CLICKGUARD_PERIODIC_EVERY_MS": "2000",
      "UNRELATED": "x",
    ])
    XCTAssertEqual(settings.warnings, [])
    XCTAssertEqual(settings.guardConfiguration.interval.milliseconds, 250)
    XCTAssertEqual(settings.guardConfiguration.mode, .observe)
    XCTAssertEqual(settings.log, .file(FileName("/tmp/clicks.jsonl")))
    XCTAssertEqual(settings.stallAfterClick.milliseconds, 700)
    XCTAssertEqual(settings.periodicStall.milliseconds, 300)
    XCTAssertEqual(settings.periodicEvery.milliseconds, 2000)
    // The rest stays ClickGuard's defaults.
    XCTAssertEqual(settings.guardConfiguration.skippedKinds, [.toggle, .switch])
    XCTAssertFalse(settings.guardConfiguration.guardsProgrammatic)
  }

  func testModesAndTheStandardErrorLog() {
    XCTAssertEqual(ModuleConfiguration(environment: ["CLICKGUARD_MODE": "enforce"]).guardConfiguration.mode, .enforce)
    XCTAssertEqual(ModuleConfiguration(environment: ["CLICKGUARD_MODE": "OFF"]).guardConfiguration.mode, .off)
    XCTAssertEqual(ModuleConfiguration(environment: ["CLICKGUARD_LOG": "-"]).log, .standardError)
  }

  func testRangeBoundsAreAcceptedAndValuesOutsideAreNot() {
    let accepted: [(String, String)] = [
      ("CLICKGUARD_INTERVAL_MS", "0"), ("CLICKGUARD_INTERVAL_MS", "60000"), ("CLICKGUARD_STALL_MS", "60000"),
      ("CLICKGUARD_PERIODIC_STALL_MS", "0"), ("CLICKGUARD_PERIODIC_EVERY_MS", "10"),
      ("CLICKGUARD_PERIODIC_EVERY_MS", "600000"),
    ]
    for (variable, value) in accepted {
      XCTAssertEqual(ModuleConfiguration(environment: [variable: value]).warnings, [], "\(variable)=\(value)")
    }
    let rejected: [(String, String)] = [
      ("CLICKGUARD_INTERVAL_MS", "60001"), ("CLICKGUARD_INTERVAL_MS", "-1"), ("CLICKGUARD_INTERVAL_MS", "1.5"),
      ("CLICKGUARD_INTERVAL_MS", "500ms"), ("CLICKGUARD_INTERVAL_MS", "99999999999999999999"),
      ("CLICKGUARD_INTERVAL_MS", "٥٠٠"), ("CLICKGUARD_STALL_MS", "60001"), ("CLICKGUARD_PERIODIC_STALL_MS", "x"),
      ("CLICKGUARD_PERIODIC_EVERY_MS", "9"), ("CLICKGUARD_PERIODIC_EVERY_MS", "600001"),
      ("CLICKGUARD_MODE", "enforcing"),
    ]
    for (variable, value) in rejected {
      let settings = ModuleConfiguration(environment: [variable: value])
      XCTAssertEqual(settings.warnings.map(\.variable), [variable], "\(variable)=\(value)")
      XCTAssertEqual(settings.warnings.first?.value, value)
    }
  }

  func testARejectedValueKeepsTheDefaultAndTheOthersStillApply() {
    let settings = ModuleConfiguration(environment: [
      "CLICKGUARD_INTERVAL_MS": "soon", "CLICKGUARD_MODE": "observe", "CLICKGUARD_STALL_MS": "-20",
    ])
    XCTAssertEqual(settings.guardConfiguration.interval.milliseconds, 500)
    XCTAssertEqual(settings.guardConfiguration.mode, .observe)
    XCTAssertEqual(settings.stallAfterClick, .zero)
    XCTAssertEqual(settings.warnings.map(\.variable), ["CLICKGUARD_INTERVAL_MS", "CLICKGUARD_STALL_MS"])
  }

  func testAPeriodicStallAsLongAsItsPeriodIsRefused() {
    for (stall, every) in [("60000", "10"), ("1500", "1500")] {
      let settings = ModuleConfiguration(
        environment: ["CLICKGUARD_PERIODIC_STALL_MS": stall, "CLICKGUARD_PERIODIC_EVERY_MS": every])
      XCTAssertEqual(settings.periodicStall, .zero, "\(stall) every \(every) would freeze the app")
      XCTAssertEqual(
        settings.warnings.map(\.description),
        [
          "CLICKGUARD_PERIODIC_STALL_MS=\"\(stall)\" is not accepted (accepted: whole milliseconds shorter than "
            + "CLICKGUARD_PERIODIC_EVERY_MS (\(every))); using the default, 0 (off)"
        ])
    }
    let shorter = ModuleConfiguration(
      environment: ["CLICKGUARD_PERIODIC_STALL_MS": "1499", "CLICKGUARD_PERIODIC_EVERY_MS": "1500"])
    XCTAssertEqual(shorter.periodicStall.milliseconds, 1499)
    XCTAssertEqual(shorter.warnings, [])
  }

  func testTheWarningNamesVariableValueAcceptedRangeAndDefault() {
    let interval = ModuleConfiguration(environment: ["CLICKGUARD_INTERVAL_MS": "soon"]).warnings
    XCTAssertEqual(
      interval.map(\.description),
      [
        "CLICKGUARD_INTERVAL_MS=\"soon\" is not accepted "
          + "(accepted: whole milliseconds from 0 to 60000); using the default, 500"
      ])
    let mode = ModuleConfiguration(environment: ["CLICKGUARD_MODE": "loud"]).warnings
    XCTAssertEqual(
      mode.map(\.description),
      [
        "CLICKGUARD_MODE=\"loud\" is not accepted (accepted: enforce, observe or off); "
          + "using the default, enforce"
      ])
  }

  func testARecordIsOneLineOfValidJSON() throws {
    let decision = ClickDecision(
      activation: Activation(
        control: ControlID(0xABC), action: "win.save", kind: .button,
        eventTime: EventTimestamp(milliseconds: 4_000_000_000), source: .user),
      gate: nil, outcome: .wouldDrop(.eventTime), instant: ClickInstant(sinceOrigin: .zero), ticket: nil)
    let widget = WidgetDescription(
      typeName: "GtkButton", builderID: nil, label: "Say \"hi\"\n\\ \u{1}\u{2028} é", accessibleName: "Save")
    let record = DecisionLogRecord(
      decision: decision, widget: widget, time: "2025-01-02T03:04:05.006Z", pid: 42, program: nil)
    let line = record.jsonLine
    XCTAssertFalse(line.contains("\n"))
    XCTAssertFalse(line.contains("\u{2028}"))
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    XCTAssertEqual(object["label"] as? String, "Say \"hi\"\n\\ \u{1}\u{2028} é")
    XCTAssertEqual(object["widget"] as? String, "GtkButton")
    XCTAssertEqual(object["accessible"] as? String, "Save")
    XCTAssertEqual(object["action"] as? String, "win.save")
    XCTAssertEqual(object["kind"] as? String, "button")
    XCTAssertEqual(object["source"] as? String, "user")
    XCTAssertEqual(object["outcome"] as? String, "would-drop")
    XCTAssertEqual(object["reason"] as? String, "event-time")
    XCTAssertEqual(object["event_time"] as? Int, 4_000_000_000)
    XCTAssertEqual(object["control"] as? String, "0xabc")
    XCTAssertEqual(object["pid"] as? Int, 42)
    XCTAssertEqual(object["time"] as? String, "2025-01-02T03:04:05.006Z")
    XCTAssertTrue(object["id"] is NSNull)
    XCTAssertTrue(object["program"] is NSNull)
    XCTAssertEqual(
      Set(object.keys),
      [
        "time", "pid", "program", "widget", "id", "label", "accessible", "action", "kind", "source", "outcome",
        "reason", "event_time", "control",
      ])
  }

  func testOutcomesAndReasonsAreSpelledForTheLog() {
    let cases: [(ClickOutcome, String, String?)] = [
      (.accepted, "accepted", nil), (.dropped(.busy), "dropped", "busy"),
      (.dropped(.withinInterval), "dropped", "within-interval"), (.wouldDrop(.busy), "would-drop", "busy"),
      (.passed(.kindSkipped), "passed", "kind-skipped"), (.passed(.programmatic), "passed", "programmatic"),
    ]
    for (outcome, name, reason) in cases {
      let decision = ClickDecision(
        activation: Activation(control: ControlID(1)), gate: nil, outcome: outcome,
        instant: ClickInstant(sinceOrigin: .zero), ticket: nil)
      let record = DecisionLogRecord(
        decision: decision, widget: WidgetDescription(typeName: "GtkButton"), time: "t", pid: 1, program: "p")
      XCTAssertEqual(record.outcome, name)
      XCTAssertEqual(record.reason, reason)
      XCTAssertTrue(record.jsonLine.contains("\"event_time\":null"))
    }
  }

  func testTheTimeIsISO8601InUTCWithMilliseconds() {
    let time = DecisionLogRecord.now()
    XCTAssertNotNil(
      time.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#, options: .regularExpression), time)
  }
}
