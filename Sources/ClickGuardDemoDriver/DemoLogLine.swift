// DemoLogLine: one line of the demo's JSON-lines log, decoded with
// Foundation's JSONDecoder by DemoLogField, the names DemoEvent (the log's
// schema, in ClickGuardDemoKit) writes.

import ClickGuardDemoKit
import Foundation

/// One line of the demo's log, as a driver reads it back.
///
/// Every line has ``type``, ``seq`` and ``monoMs``; the other fields are those
/// the showcase and the tests look at, `nil` when the line has no such field
/// (or has it as `null`). A `layout` line also comes parsed as ``layout``.
package struct DemoLogLine: Decodable, Sendable {
  /// The line's type: `decision`, `navigation`, `layout`, … (see `DemoEvent`).
  package let type: String
  /// Its position in the log, from 1.
  package let seq: Int
  /// When it was written, in `CLOCK_MONOTONIC` milliseconds.
  package let monoMs: Double
  /// The control the line is about.
  package let control: String?
  /// `decision`: the action judged (`clicked`, a GAction name).
  package let action: String?
  /// `decision`: the control's kind; `lag`: the kind of lag.
  package let kind: String?
  /// `decision`: `accepted`, `dropped`, `would-drop` or `passed`.
  package let outcome: String?
  /// Why: a decision's drop or pass reason, a refusal's or fence drop's
  /// reason, the reason a `layout` line was logged.
  package let reason: String?
  /// The input event's X server timestamp (ms), if any.
  package let eventTime: UInt32?
  /// `decision`: whether the control's action runs.
  package let runsAction: Bool?
  /// `decision`: the gate that judged it.
  package let gate: String?
  /// `decision`: `user`, `programmatic`, `nested` or `key-repeat`.
  package let source: String?
  /// `gate`: `accepted`, `finished`, `expired` or `dropped`.
  package let transition: String?
  /// `gate`: the gate's interval, in ms.
  package let intervalMs: Double?
  /// `gate`: when it happened (`CLOCK_MONOTONIC` ms).
  package let atMs: Double?
  /// `gate`: when the state it entered ends at the latest.
  package let untilMs: Double?
  /// `action`: what the handler did (`navigate`, `add-to-cart`, …).
  package let does: String?
  /// `navigation`: `push`, `pop` or `replace`.
  package let move: String?
  /// `navigation`: the page on top before the move.
  package let from: String?
  /// `navigation`: the page on top after the move.
  package let to: String?
  /// `navigation`: the stack depth after the move.
  package let depth: Int?
  /// `navigation`: the stack after the move, root first.
  package let stack: [String]?
  /// `navigation-refused`: why, for a person.
  package let message: String?
  /// `navigation-refused`: the page on top.
  package let top: String?
  /// `fence-drop`: the page the press was aimed at.
  package let page: String?
  /// `lag`: how long, in ms.
  package let ms: Int?
  /// `lag`: what set it off.
  package let trigger: String?
  /// `setting`: the setting's name.
  package let name: String?
  /// `setting`: its new value.
  package let value: JSONValue?
  /// `start`: the options the demo runs with (the fields a reader needs).
  package let options: StartOptions?
  /// `toggle`: the new state.
  package let active: Bool?
  /// `layout`: the page on top.
  package let topPage: String?
  /// `start`: the application id.
  package let appID: String?
  /// `screenshot`: where the PNG went.
  package let path: String?
  /// `screenshot`: why it failed; `nil` when it was saved.
  package let error: String?
  /// `start`: the demo's process id.
  package let pid: Int32?
  /// `start`: where the demo found its resources.
  package let resources: String?
  /// `layout`: the window's X id.
  package let xid: UInt?
  /// `layout`: the window on screen.
  package let window: ScreenRect?
  /// `layout`: every named widget.
  package let widgets: [LaidOutWidget]?
  /// `layout`: every page.
  package let pages: [LaidOutPage]?
  /// `lag-done`: how long the lag blocked, in ms.
  package let lastedMs: Double?
  /// `first-frame`: ms from process start to the first frame.
  package let msSinceProcessStart: Double?
  /// `first-frame`: ms from `main` to the first frame.
  package let msSinceMain: Double?
  /// `screenshot`: the PNG's width.
  package let width: Int?
  /// `screenshot`: the PNG's height.
  package let height: Int?
  /// The line as the demo wrote it.
  package private(set) var text = ""
  /// A `layout` line, parsed; `nil` for other lines.
  package private(set) var layout: DemoLayout?

  /// The names ``DemoEvent`` writes.
  typealias CodingKeys = DemoLogField

  /// A `start` line's options: the fields a reader of the log needs.
  package struct StartOptions: Decodable, Sendable {
    /// The global interval, in ms.
    package let intervalMs: Int
    /// The page transition's length, in ms.
    package let transitionMs: Int
    /// Whether the spill-over fence is on.
    package let fence: Bool

    private enum CodingKeys: String, CodingKey {
      case intervalMs = "interval_ms"
      case transitionMs = "transition_ms"
      case fence
    }
  }

  /// Decodes one line of the log.
  /// - Throws: `DecodingError` when `text` is not one complete line of the
  ///   demo's log (a line still being written, say).
  package init(json text: String, decoder: JSONDecoder = JSONDecoder()) throws {
    let data = Data(text.utf8)
    self = try decoder.decode(Self.self, from: data)
    self.text = text
    if type == "layout" {
      guard let layout = DemoLayout(self) else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a layout line without its layout"))
      }
      self.layout = layout
    }
  }
}
