// The JSON-lines log: encoding, the line layout of each event type, reading
// it back (the driver's JSONDecoder reader), the counters built from it, and
// /proc/self/stat parsing.

import ClickGuardGtk
import ClickGuardShowcase
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class LogFormatTests: XCTestCase {
  func testEncodingEscapesAndNumbers() throws {
    let value: JSONValue = .object([
      ("s", .string("a\"b\\c\nd\u{1}é")), ("i", -3), ("d", .double(12.5)), ("whole", .double(7)),
      ("small", .double(-0.25)), ("nan", .double(.nan)), ("b", true), ("n", .null), ("a", .array([1, "x"])),
    ])
    XCTAssertEqual(
      value.encoded,
      #"{"s":"a\"b\\c\nd\u0001é","i":-3,"d":12.5,"whole":7,"small":-0.25,"nan":null,"b":true,"n":null,"a":[1,"x"]}"#)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(value.encoded.utf8)) as? [String: Any])
    XCTAssertEqual(object["s"] as? String, "a\"b\\c\nd\u{1}é")
    XCTAssertEqual((object["a"] as? [Any])?.count, 2)
  }

  func testAValueReadsBackAsTheValueWritten() throws {
    let value: JSONValue = .object([
      ("a", .array([1, "x", .null])), ("b", true), ("d", .double(12.5)), ("o", .object([("k", -3)])),
      ("s", .string("a\"b\u{1}é")),
    ])
    let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(value.encoded.utf8))
    XCTAssertEqual(decoded.encoded, value.encoded)
  }

  func testReaderRejectsBrokenText() {
    let line = DemoEvent.quit(reason: "SIGTERM").line(seq: 1, monoMs: 0).encoded
    XCTAssertNoThrow(try DemoLogLine(json: line))
    for text in ["{", "{\"a\":}", "[1,]", "\"abc", "tru", "{} x", String(line.dropLast()), line + " x"] {
      XCTAssertThrowsError(try DemoLogLine(json: text), text)
    }
  }

  func testEveryLineStartsWithTypeSeqAndMonotonicTime() throws {
    let events: [DemoEvent] = [
      .decision(
        control: "open-details", action: "clicked", kind: "button", outcome: "dropped", reason: "busy",
        gate: "0x1/clicked", source: "user", eventTime: 42, runsAction: false),
      .navigation(move: "push", from: "home", to: "details", depth: 2, stack: ["home", "details"], control: "x"),
      .navigationRefused(reason: "transition-running", message: "m", control: nil, top: "details"),
      .fenceDrop(page: "details", reason: "settling", eventTime: nil),
      .toggle(control: "remember-check", active: true),
      .lag(kind: "stall", ms: 800, trigger: "next-click"),
      .setting(name: "mode", value: "off"),
      .firstFrame(msSinceProcessStart: 210.5, msSinceMain: 180),
      .screenshot(path: "/tmp/a.png", width: 10, height: 20, error: nil),
      .quit(reason: "SIGTERM"),
      .start(appID: "io.github.clickguard.Demo", pid: 7, resources: "/r", options: DemoOptions()),
      .action(control: "details-action", does: "add-to-cart"),
    ]
    for (index, event) in events.enumerated() {
      let text = event.line(seq: index + 1, monoMs: 1234.5678).encoded
      XCTAssertTrue(text.hasPrefix("{\"type\":\"\(event.type)\",\"seq\":\(index + 1),\"mono_ms\":1234.568"), text)
      let line = try DemoLogLine(json: text)
      XCTAssertEqual(line.type, event.type)
      XCTAssertEqual(line.seq, index + 1)
      XCTAssertEqual(line.monoMs, 1234.568)
      XCTAssertNotNil(event.summary)
      // Read back into the same event: the writer's and the reader's one
      // definition.
      XCTAssertEqual(line.event.summary, event.summary, text)
      XCTAssertEqual(line.event.line(seq: index + 1, monoMs: 1234.5678).encoded, text)
    }
    let decision = try DemoLogLine(json: events[0].line(seq: 1, monoMs: 0).encoded)
    XCTAssertEqual(decision.control, "open-details")
    XCTAssertEqual(decision.reason, "busy")
    XCTAssertEqual(decision.eventTime, 42)
    guard case .decision(_, _, _, _, _, _, _, _, let runsAction) = decision.event else { return XCTFail() }
    XCTAssertEqual(runsAction, false)
    let fence = try DemoLogLine(json: events[3].line(seq: 1, monoMs: 0).encoded)
    XCTAssertTrue(fence.text.contains(#""event_time":null"#), fence.text)
    XCTAssertNil(fence.eventTime)
  }

  func testLayoutLineReadsBack() throws {
    let event = DemoEvent.layout(
      reason: "startup", windowXID: 0x20_0007, window: ScreenRect(x: 0, y: 0, width: 1190, height: 836),
      topPage: "home",
      widgets: [
        LaidOutWidget(
          name: "open-details", accessibleName: "Open details", kind: "GtkButton", area: "home",
          rect: ScreenRect(x: 29, y: 117, width: 300, height: 52), visible: true, hasFocus: true),
        LaidOutWidget(
          name: "remember-check", accessibleName: "Remember my choice", kind: "GtkCheckButton", area: "home",
          rect: ScreenRect(x: 29, y: 305, width: 437, height: 22), visible: true, active: true),
      ], pages: [LaidOutPage(name: "home", accessibleName: "Home page", title: "Home")])
    let reader = DemoLogReader(text: event.line(seq: 3, monoMs: 1).encoded + "\n{\"type\":\"trunc")
    XCTAssertEqual(reader.lines.count, 1, "a partial last line is skipped")
    let layout = try XCTUnwrap(reader.layout)
    XCTAssertEqual(layout.xid, 0x20_0007)
    XCTAssertEqual(layout.widgets["open-details"]?.rect.center.x, 179)
    XCTAssertEqual(layout.widgets["open-details"]?.accessibleName, "Open details")
    XCTAssertEqual(layout.pages["home"], "Home page")
    XCTAssertEqual(layout.focus, "open-details")
    XCTAssertEqual(layout.reason, "startup")
    XCTAssertEqual(layout.seq, 3)
    XCTAssertNil(layout.widgets["open-details"]?.active, "a plain button has no state")
    XCTAssertEqual(layout.widgets["remember-check"]?.active, true)
    XCTAssertEqual(layout.widgets["remember-check"]?.hasFocus, false)
  }

  func testBurstTallyFromTheLog() {
    let events: [DemoEvent] = [
      .decision(
        control: "b", action: "clicked", kind: "button", outcome: "accepted", reason: nil, gate: nil, source: "user",
        eventTime: 1, runsAction: true),
      .action(control: "b", does: "navigate"),
      .navigation(move: "push", from: "home", to: "details", depth: 2, stack: [], control: "b"),
      .decision(
        control: "b", action: "clicked", kind: "button", outcome: "dropped", reason: "busy", gate: nil, source: "user",
        eventTime: 2, runsAction: false),
      .fenceDrop(page: "details", reason: "settling", eventTime: 5),
      .fenceDrop(page: "details", reason: "settling", eventTime: 5),
      .fenceDrop(page: "details", reason: "continuing-burst", eventTime: 9),
      .action(control: "details-action", does: "add-to-cart"),
      .navigationRefused(reason: "transition-running", message: "", control: "b", top: "details"),
    ]
    let text = events.enumerated().map { $1.line(seq: $0 + 1, monoMs: 0).encoded }.joined(separator: "\n")
    let tally = DemoLogReader(text: text).tally()
    let outcome = tally["b"]
    XCTAssertEqual(outcome.decisions.accepted, 1)
    XCTAssertEqual(outcome.decisions.dropped, 1)
    XCTAssertEqual(outcome.runs, 1)
    XCTAssertEqual(outcome.navigations, 1)
    XCTAssertEqual(outcome.refused, 1)
    XCTAssertEqual(tally.totalFenceDrops, 2, "a double-click's two presses share one event time")
    XCTAssertEqual(tally.spillOver(excluding: "b"), 1)
    XCTAssertEqual(tally.depth, 2)
    XCTAssertEqual(DemoLogReader(text: text).tally(after: 3)["b"].decisions.accepted, 0)
  }

  func testTallyBoardCountsPerControl() {
    var board = TallyBoard(names: ["a", "b"])
    let decisions = [
      ("a", "accepted", nil), ("a", "dropped", "busy"), ("a", "dropped", "within-interval"),
      ("a", "dropped", "event-time"), ("b", "passed", "exempt"), ("b", "would-drop", "busy"),
    ]
    for (control, outcome, reason) in decisions {
      board.record(
        .decision(
          control: control, action: "clicked", kind: "button", outcome: outcome, reason: reason, gate: nil,
          source: "user", eventTime: nil, runsAction: outcome != "dropped"))
    }
    board.record(.action(control: "a", does: "navigate"))
    board.record(.navigation(move: "push", from: "home", to: "details", depth: 2, stack: [], control: "a"))
    board.record(.navigationRefused(reason: "at-root", message: "", control: "b", top: "home"))
    board.record(.toggle(control: "c", active: true))
    board.record(.fenceDrop(page: "details", reason: "transition", eventTime: 3))
    board.record(.fenceDrop(page: "details", reason: "transition", eventTime: 3))
    XCTAssertEqual(board["a"].decisions.accepted, 1)
    XCTAssertEqual(board["a"].decisions.dropped, 3)
    XCTAssertEqual(board["a"].decisions.droppedEventTime, 1)
    XCTAssertEqual(board["a"].navigations, 1)
    XCTAssertEqual(board["b"].decisions.passed, 1)
    XCTAssertEqual(board["b"].decisions.wouldDrop, 1)
    XCTAssertEqual(board["b"].refused, 1)
    XCTAssertEqual(board["c"].runs, 1)
    XCTAssertEqual(board.names, ["a", "b", "c"])
    XCTAssertEqual(board.totalFenceDrops, 1)
    XCTAssertTrue(board.rendered().contains("Fence drops: details 1"))
    XCTAssertEqual(board.cells(of: "a"), [1, 3, 1, 1, 1, 0, 0, 1, 1, 0])
    XCTAssertEqual(board.rendered().split(separator: "\n").first?.split(separator: " ").first, "Control")
    board.reset()
    XCTAssertEqual(board["a"], ControlTally())
    XCTAssertEqual(board.totalFenceDrops, 0)
  }

  func testProcessStartTicksFromStatLine() {
    let line = "1234 (clickguard (demo) x) S 1 1234 1234 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 9 0 987654 123 456"
    XCTAssertEqual(ProcessClock.startTicks(fromStatLine: line), 987_654)
    XCTAssertNil(ProcessClock.startTicks(fromStatLine: "garbage"))
    let sinceStart = ProcessClock.msSinceProcessStart()
    XCTAssertNotNil(sinceStart)
    XCTAssertGreaterThan(sinceStart ?? -1, 0)
  }
}
