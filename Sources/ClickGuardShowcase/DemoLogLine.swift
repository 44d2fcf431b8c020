// DemoLogLine: one line of the demo's JSON-lines log, decoded with
// Foundation's JSONDecoder into the DemoEvent the demo wrote it from (the
// log's one definition, in ClickGuardDemoKit), with its `type`, `seq` and
// `mono_ms`.

import ClickGuardDemoKit
import Foundation

/// One line of the demo's log, as a driver reads it back.
package struct DemoLogLine: Sendable {
  /// The line's type: `decision`, `navigation`, `layout`, … (see `DemoEvent`).
  package let type: String
  /// Its position in the log, from 1.
  package let seq: Int
  /// When it was written, in `CLOCK_MONOTONIC` milliseconds.
  package let monoMs: Double
  /// What it says.
  package let event: DemoEvent
  /// The line as the demo wrote it.
  package let text: String
  /// A `layout` line, as a driver looks things up in it; `nil` for other
  /// lines.
  package let layout: DemoLayout?

  /// The fields every line starts with.
  private struct Header: Decodable {
    let type: String
    let seq: Int
    let monoMs: Double
    typealias CodingKeys = DemoLogField

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: DemoLogField.self)
      type = try container.decode(String.self, forKey: .type)
      seq = try container.decode(Int.self, forKey: .seq)
      monoMs = try container.decode(Double.self, forKey: .monoMs)
    }
  }

  /// Decodes one line of the log.
  /// - Throws: `DecodingError` when `text` is not one complete line of the
  ///   demo's log (a line still being written, say).
  package init(json text: String, decoder: JSONDecoder = JSONDecoder()) throws {
    let data = Data(text.utf8)
    let header = try decoder.decode(Header.self, from: data)
    type = header.type
    seq = header.seq
    monoMs = header.monoMs
    event = try decoder.decode(DemoEvent.self, from: data)
    self.text = text
    layout = DemoLayout(event, seq: header.seq)
  }
}

extension DemoLogLine {
  /// The control the line is about (a decision, gate, action, toggle or
  /// navigation line's), if any.
  package var control: String? {
    switch event {
    case .decision(let control, _, _, _, _, _, _, _, _), .gate(let control, _, _, _, _), .action(let control, _),
      .toggle(let control, _):
      control
    case .navigation(_, _, _, _, _, let control), .navigationRefused(_, _, let control, _): control
    default: nil
    }
  }

  /// Why: a decision's drop or pass reason, a refusal's or fence drop's
  /// reason, the reason a `layout` line was logged.
  package var reason: String? {
    switch event {
    case .decision(_, _, _, _, let reason, _, _, _, _): reason
    case .navigationRefused(let reason, _, _, _), .fenceDrop(_, let reason, _), .quit(let reason): reason
    case .layout(let reason, _, _, _, _, _): reason
    default: nil
    }
  }

  /// The input event's X server timestamp (ms) of a decision or fence drop.
  package var eventTime: UInt32? {
    switch event {
    case .decision(_, _, _, _, _, _, _, let time, _), .fenceDrop(_, _, let time): time
    default: nil
    }
  }

  /// `toggle`: the new state.
  package var active: Bool? {
    if case .toggle(_, let active) = event { return active }
    return nil
  }

  /// `screenshot`: where the PNG went.
  package var path: String? {
    if case .screenshot(let path, _, _, _) = event { return path }
    return nil
  }

  /// `screenshot`: why it failed; `nil` when it was saved.
  package var error: String? {
    if case .screenshot(_, _, _, let error) = event { return error }
    return nil
  }
}
