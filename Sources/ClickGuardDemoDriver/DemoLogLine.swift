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
public struct DemoLogLine: Decodable, Sendable {
  /// The line's type: `decision`, `navigation`, `layout`, … (see `DemoEvent`).
  public let type: String
  /// Its position in the log, from 1.
  public let seq: Int
  /// When it was written, in `CLOCK_MONOTONIC` milliseconds.
  public let monoMs: Double
  /// The control the line is about.
  public let control: String?
  /// `decision`: the action judged (`clicked`, a GAction name).
  public let action: String?
  /// `decision`: the control's kind; `lag`: the kind of lag.
  public let kind: String?
  /// `decision`: `accepted`, `dropped`, `would-drop` or `passed`.
  public let outcome: String?
  /// Why: a decision's drop or pass reason, a refusal's or fence drop's
  /// reason, the reason a `layout` line was logged.
  public let reason: String?
  /// The input event's X server timestamp (ms), if any.
  public let eventTime: UInt32?
  /// `decision`: whether the control's action runs.
  public let runsAction: Bool?
  /// `decision`: the gate that judged it.
  public let gate: String?
  /// `decision`: `user`, `programmatic`, `nested` or `key-repeat`.
  public let source: String?
  /// `action`: what the handler did (`navigate`, `add-to-cart`, …).
  public let does: String?
  /// `navigation`: `push`, `pop` or `replace`.
  public let move: String?
  /// `navigation`: the page on top before the move.
  public let from: String?
  /// `navigation`: the page on top after the move.
  public let to: String?
  /// `navigation`: the stack depth after the move.
  public let depth: Int?
  /// `navigation`: the stack after the move, root first.
  public let stack: [String]?
  /// `navigation-refused`: why, for a person.
  public let message: String?
  /// `navigation-refused`: the page on top.
  public let top: String?
  /// `fence-drop`: the page the press was aimed at.
  public let page: String?
  /// `lag`: how long, in ms.
  public let ms: Int?
  /// `lag`: what set it off.
  public let trigger: String?
  /// `setting`: the setting's name.
  public let name: String?
  /// `setting`: its new value.
  public let value: JSONValue?
  /// `start`: the options the demo runs with (the fields a reader needs).
  public let options: StartOptions?
  /// `toggle`: the new state.
  public let active: Bool?
  /// `layout`: the page on top.
  public let topPage: String?
  /// `start`: the application id.
  public let appID: String?
  /// `screenshot`: where the PNG went.
  public let path: String?
  /// `screenshot`: why it failed; `nil` when it was saved.
  public let error: String?
  /// `start`: the demo's process id.
  public let pid: Int32?
  /// `start`: where the demo found its resources.
  public let resources: String?
  /// `layout`: the window's X id.
  public let xid: UInt?
  /// `layout`: the window on screen.
  public let window: ScreenRect?
  /// `layout`: every named widget.
  public let widgets: [LaidOutWidget]?
  /// `layout`: every page.
  public let pages: [LaidOutPage]?
  /// `lag-done`: how long the lag blocked, in ms.
  public let lastedMs: Double?
  /// `first-frame`: ms from process start to the first frame.
  public let msSinceProcessStart: Double?
  /// `first-frame`: ms from `main` to the first frame.
  public let msSinceMain: Double?
  /// `screenshot`: the PNG's width.
  public let width: Int?
  /// `screenshot`: the PNG's height.
  public let height: Int?
  /// The line as the demo wrote it.
  public private(set) var text = ""
  /// A `layout` line, parsed; `nil` for other lines.
  public private(set) var layout: DemoLayout?

  /// The names ``DemoEvent`` writes.
  typealias CodingKeys = DemoLogField

  /// A `start` line's options: the fields a reader of the log needs.
  public struct StartOptions: Decodable, Sendable {
    /// The global interval, in ms.
    public let intervalMs: Int
    /// The page transition's length, in ms.
    public let transitionMs: Int
    /// Whether the spill-over fence is on.
    public let fence: Bool

    private enum CodingKeys: String, CodingKey {
      case intervalMs = "interval_ms"
      case transitionMs = "transition_ms"
      case fence
    }
  }

  /// Decodes one line of the log.
  /// - Throws: `DecodingError` when `text` is not one complete line of the
  ///   demo's log (a line still being written, say).
  public init(json text: String, decoder: JSONDecoder = JSONDecoder()) throws {
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
