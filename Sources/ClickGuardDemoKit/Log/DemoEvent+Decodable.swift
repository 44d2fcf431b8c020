// DemoEvent+Decodable: a log line read back into the DemoEvent the demo
// wrote, by the same field names (DemoLogField): the one definition of each
// line that its writer and its readers (the driver, the tests, the timeline
// drawn from a log) share. Readers decode with JSONDecoder.

import ClickGuardGtk

extension DemoEvent: Decodable {
  /// Reads the event of one log line (its `type` says which).
  /// - Throws: `DecodingError` for an unknown type or a missing field.
  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: DemoLogField.self)
    func text(_ key: DemoLogField) throws -> String { try c.decode(String.self, forKey: key) }
    func maybe(_ key: DemoLogField) throws -> String? { try c.decodeIfPresent(String.self, forKey: key) }
    func int(_ key: DemoLogField) throws -> Int { try c.decode(Int.self, forKey: key) }
    func time() throws -> UInt32? { try c.decodeIfPresent(UInt32.self, forKey: .eventTime) }
    switch try text(.type) {
    case "start":
      self = .start(
        appID: try text(.appID), pid: try c.decode(Int32.self, forKey: .pid), resources: try text(.resources),
        options: try c.decode(DemoOptions.Logged.self, forKey: .options).options)
    case "layout":
      self = .layout(
        reason: try text(.reason), windowXID: try c.decode(UInt.self, forKey: .xid),
        window: try c.decode(ScreenRect.self, forKey: .window), topPage: try text(.topPage),
        widgets: try c.decode([LaidOutWidget].self, forKey: .widgets),
        pages: try c.decode([LaidOutPage].self, forKey: .pages))
    case "decision":
      self = .decision(
        control: try text(.control), action: try text(.action), kind: try text(.kind), outcome: try text(.outcome),
        reason: try maybe(.reason), gate: try maybe(.gate), source: try text(.source), eventTime: try time(),
        runsAction: try c.decode(Bool.self, forKey: .runsAction))
    case "gate":
      self = .gate(
        control: try text(.control), transition: try text(.transition),
        intervalMs: try c.decode(Double.self, forKey: .intervalMs), atMs: try c.decode(Double.self, forKey: .atMs),
        untilMs: try c.decodeIfPresent(Double.self, forKey: .untilMs))
    case "action":
      self = .action(control: try text(.control), does: try text(.does))
    case "navigation":
      self = .navigation(
        move: try text(.move), from: try text(.from), to: try text(.to), depth: try int(.depth),
        stack: try c.decode([String].self, forKey: .stack), control: try maybe(.control))
    case "navigation-refused":
      self = .navigationRefused(
        reason: try text(.reason), message: try text(.message), control: try maybe(.control), top: try text(.top))
    case "fence-drop":
      self = .fenceDrop(page: try text(.page), reason: try text(.reason), eventTime: try time())
    case "toggle":
      self = .toggle(control: try text(.control), active: try c.decode(Bool.self, forKey: .active))
    case "lag":
      self = .lag(kind: try text(.kind), ms: try int(.ms), trigger: try text(.trigger))
    case "lag-done":
      self = .lagDone(kind: try text(.kind), ms: try int(.ms), lastedMs: try c.decode(Double.self, forKey: .lastedMs))
    case "setting":
      self = .setting(name: try text(.name), value: try c.decode(JSONValue.self, forKey: .value))
    case "first-frame":
      self = .firstFrame(
        msSinceProcessStart: try c.decode(Double.self, forKey: .msSinceProcessStart),
        msSinceMain: try c.decode(Double.self, forKey: .msSinceMain))
    case "screenshot":
      self = .screenshot(
        path: try text(.path), width: try int(.width), height: try int(.height), error: try maybe(.error))
    case "quit":
      self = .quit(reason: try text(.reason))
    case "timeline":
      self = .timeline(try TimelineSnapshot(from: decoder))
    case let other:
      throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "no line type '\(other)'")
    }
  }
}

extension DemoOptions {
  /// A `start` line's `options`: the fields ``DemoEvent`` writes, by name.
  enum LogKey: String, CodingKey {
    case intervalMs = "interval_ms"
    case stallMs = "stall_ms"
    case stallEveryMs = "stall_every_ms"
    case handlerLagMs = "handler_lag_ms"
    case asyncMs = "async_ms"
    case transitionMs = "transition_ms"
    case navigateLater = "navigate_later"
    case guardEnabled = "guard"
    case observeOnly = "observe"
    case fenceEnabled = "fence"
    case logFile = "log_file"
    case screenshot
    case quitAfterFirstFrame = "quit_after_first_frame"
  }

  /// The options a `start` line holds, read back (the paths, which the line
  /// shows for people, are not).
  struct Logged: Decodable {
    var options = DemoOptions()

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: LogKey.self)
      options.intervalMs = try c.decode(Int.self, forKey: .intervalMs)
      options.stallMs = try c.decode(Int.self, forKey: .stallMs)
      options.stallEveryMs = try c.decode(Int.self, forKey: .stallEveryMs)
      options.handlerLagMs = try c.decode(Int.self, forKey: .handlerLagMs)
      options.asyncMs = try c.decode(Int.self, forKey: .asyncMs)
      options.transitionMs = try c.decode(Int.self, forKey: .transitionMs)
      options.navigateLater = try c.decode(Bool.self, forKey: .navigateLater)
      options.guardEnabled = try c.decode(Bool.self, forKey: .guardEnabled)
      options.observeOnly = try c.decode(Bool.self, forKey: .observeOnly)
      options.fenceEnabled = try c.decode(Bool.self, forKey: .fenceEnabled)
      options.quitAfterFirstFrame = try c.decode(Bool.self, forKey: .quitAfterFirstFrame)
    }
  }
}
