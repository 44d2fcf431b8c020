// DemoLogLine: one line of the demo's JSON-lines log, decoded with
// Foundation's JSONDecoder. The names are those DemoEvent (the log's schema,
// in ClickGuardDemoKit) writes.

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
  /// `decision`: `accepted`, `dropped`, `would-drop` or `passed`.
  public let outcome: String?
  /// Why: a decision's drop or pass reason, a refusal's or fence drop's
  /// reason, the reason a `layout` line was logged.
  public let reason: String?
  /// The input event's X server timestamp (ms), if any.
  public let eventTime: UInt32?
  /// `decision`: whether the control's action runs.
  public let runsAction: Bool?
  /// `action`: what the handler did (`navigate`, `add-to-cart`, …).
  public let does: String?
  /// `navigation`: `push`, `pop` or `replace`.
  public let move: String?
  /// `navigation`: the stack depth after the move.
  public let depth: Int?
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
  /// The line as the demo wrote it.
  public private(set) var text = ""
  /// A `layout` line, parsed; `nil` for other lines.
  public private(set) var layout: DemoLayout?

  private enum CodingKeys: String, CodingKey {
    case type, seq
    case monoMs = "mono_ms"
    case control, outcome, reason
    case eventTime = "event_time"
    case runsAction = "runs_action"
    case does, move, depth, active
    case topPage = "top_page"
    case appID = "app_id"
    case path, error
  }

  /// Decodes one line of the log.
  /// - Throws: `DecodingError` when `text` is not one complete line of the
  ///   demo's log (a line still being written, say).
  public init(json text: String, decoder: JSONDecoder = JSONDecoder()) throws {
    let data = Data(text.utf8)
    self = try decoder.decode(Self.self, from: data)
    self.text = text
    if type == "layout" { layout = try decoder.decode(DemoLayout.self, from: data) }
  }
}
