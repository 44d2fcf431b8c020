// TimelineLogEvents: reads the demo's JSON-lines log back into the DemoEvents
// the timeline is built from (decisions, handler runs, lag, navigations,
// fence drops, settings, the start line), with JSONDecoder.

import ClickGuardDemoKit
import Foundation

/// The events of a demo log that the timeline draws, each with its `mono_ms`.
public struct TimelineLogEvents: Sendable {
  /// The events, in the log's order.
  public let events: [(event: DemoEvent, monoMs: Double)]

  /// Reads the log text `text`; lines of other types, and lines that do not
  /// decode (one still being written), are skipped.
  public init(text: String) {
    let decoder = JSONDecoder()
    events = text.split(separator: "\n").compactMap { line in
      guard let decoded = try? decoder.decode(Line.self, from: Data(line.utf8)), let event = decoded.event else {
        return nil
      }
      return (event, decoded.monoMs)
    }
  }

  /// Reads the log at `path`.
  /// - Throws: when the file cannot be read.
  public init(path: String) throws {
    self.init(text: try String(contentsOfFile: path, encoding: .utf8))
  }

  /// The timeline of these events.
  public func model() -> TimelineModel {
    var recorder = TimelineRecorder()
    for (event, ms) in events { recorder.record(event, at: ms) }
    return recorder.model
  }

  /// The fields of a line the timeline reads.
  private struct Line: Decodable {
    let type: String
    let monoMs: Double
    let control: String?
    let action: String?
    let kind: String?
    let outcome: String?
    let reason: String?
    let gate: String?
    let source: String?
    let eventTime: UInt32?
    let runsAction: Bool?
    let does: String?
    let move: String?
    let from: String?
    let to: String?
    let depth: Int?
    let stack: [String]?
    let message: String?
    let top: String?
    let page: String?
    let ms: Int?
    let trigger: String?
    let name: String?
    let value: DecodedJSON?
    let options: Options?

    private enum CodingKeys: String, CodingKey {
      case type
      case monoMs = "mono_ms"
      case control, action, kind, outcome, reason, gate, source
      case eventTime = "event_time"
      case runsAction = "runs_action"
      case does, move, from, to, depth, stack, message, top, page, ms, trigger, name, value, options
    }

    /// An option set's fields the timeline reads.
    struct Options: Decodable {
      let intervalMs: Int
      let transitionMs: Int
      let fence: Bool

      private enum CodingKeys: String, CodingKey {
        case intervalMs = "interval_ms"
        case transitionMs = "transition_ms"
        case fence
      }
    }

    var event: DemoEvent? {
      switch type {
      case "start":
        var demoOptions = DemoOptions()
        if let options {
          demoOptions.intervalMs = options.intervalMs
          demoOptions.transitionMs = options.transitionMs
          demoOptions.fenceEnabled = options.fence
        }
        return .start(appID: "", pid: 0, resources: "", options: demoOptions)
      case "decision":
        guard let control, let outcome else { return nil }
        return .decision(
          control: control, action: action ?? "clicked", kind: kind ?? "", outcome: outcome, reason: reason,
          gate: gate, source: source ?? "", eventTime: eventTime, runsAction: runsAction ?? false)
      case "action":
        guard let control else { return nil }
        return .action(control: control, does: does ?? "")
      case "lag":
        guard let kind, let ms else { return nil }
        return .lag(kind: kind, ms: ms, trigger: trigger ?? "")
      case "navigation":
        guard let move, let to else { return nil }
        return .navigation(
          move: move, from: from ?? "", to: to, depth: depth ?? 0, stack: stack ?? [], control: control)
      case "navigation-refused":
        return .navigationRefused(reason: reason ?? "", message: message ?? "", control: control, top: top ?? "")
      case "fence-drop":
        return .fenceDrop(page: page ?? "", reason: reason ?? "", eventTime: eventTime)
      case "setting":
        guard let name, let value else { return nil }
        return .setting(name: name, value: value.jsonValue)
      default:
        return nil
      }
    }
  }
}
