// The module's hand-written decision log line read back by the report's
// JSONDecoder: both sides use DecisionLogField, so every field the writer
// puts down arrives in DecisionLogLine with its value.

import ClickGuardCommandKit
import ClickGuardGtk
import ClickGuardTestSupport
import Foundation
import Testing

@testable import ClickGuard

struct DecisionLogRoundTripTests {
  private func record(_ outcome: ClickOutcome, widget: WidgetDescription, eventTime: UInt32?) -> DecisionLogRecord {
    let decision = ClickDecision(
      activation: Activation(
        control: ControlID(0xABC), action: "win.save", kind: .button,
        eventTime: eventTime.map { EventTimestamp(milliseconds: $0) }, source: .user),
      gate: nil, outcome: outcome, instant: ClickInstant(sinceOrigin: .zero), ticket: nil)
    return DecisionLogRecord(
      decision: decision, widget: widget, time: "2025-01-02T03:04:05.006Z", pid: 42, program: "calc")
  }

  private func decoded(_ record: DecisionLogRecord) throws -> DecisionLogLine {
    try JSONDecoder().decode(DecisionLogLine.self, from: Data(record.jsonLine.utf8))
  }

  private func expectSameFields(_ line: DecisionLogLine, _ record: DecisionLogRecord) {
    #expect(line.time == record.time)
    #expect(line.pid == Int64(record.pid))
    #expect(line.program == record.program)
    #expect(line.widget == record.widget.typeName)
    #expect(line.id == record.widget.builderID)
    #expect(line.label == record.widget.label)
    #expect(line.accessible == record.widget.accessibleName)
    #expect(line.action == record.action)
    #expect(line.kind == record.kind)
    #expect(line.source == record.source)
    #expect(line.outcome == record.outcome)
    #expect(line.reason == record.reason)
    #expect(line.eventTime == record.eventTime)
    #expect(line.control == record.control)
    #expect(line.content == record.contentType)
    #expect(line.contentControl == record.contentControl)
  }

  @Test(arguments: ClickOutcome.everyOutcome) func everyOutcomeRoundTrips(outcome: ClickOutcome) throws {
    let widget = WidgetDescription(
      typeName: "GtkButton", builderID: "save", label: "Say \"hi\"\n\\ \u{1}\u{2028} é", accessibleName: "Save")
    let record = record(outcome, widget: widget, eventTime: 4_000_000_000)
    let line = try decoded(record)
    expectSameFields(line, record)
    #expect(ClickOutcome(outcomeWord: line.outcome, reasonWord: line.reason) == outcome)
  }

  @Test func missingValuesRoundTripAsNull() throws {
    let record = record(.accepted, widget: WidgetDescription(typeName: "GtkMenuItem"), eventTime: nil)
    expectSameFields(try decoded(record), record)
  }

  @Test func fenceFieldsRoundTrip() throws {
    var record = record(.accepted, widget: WidgetDescription(typeName: "GtkButton", label: "Buy"), eventTime: 7)
    record.outcome = ClickOutcome.fenced(.settling).outcomeWord
    record.reason = ClickOutcome.fenced(.settling).reasonWord
    record.contentType = "GtkDialog"
    record.contentControl = "0xdef"
    expectSameFields(try decoded(record), record)
  }
}
