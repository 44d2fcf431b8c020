// DemoEvent: every line type of the demo's JSON-lines log, with its fields.
// This file is the log's schema, written here and read back by
// DemoEvent+Decodable under the same names.

import ClickGuardGtk

/// A screen rectangle in root-window coordinates.
package struct ScreenRect: Hashable, Sendable, Decodable {
  /// Left edge.
  package var x: Int
  /// Top edge.
  package var y: Int
  /// Width.
  package var width: Int
  /// Height.
  package var height: Int

  enum CodingKeys: String, CodingKey {
    case x, y, width, height
  }

  /// Creates a rectangle.
  package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The centre point.
  package var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
}

/// One interactive widget in a `layout` line.
package struct LaidOutWidget: Sendable, Decodable {
  /// The stable name (also the GtkBuilder id and widget name).
  package var name: String
  /// The name assistive technologies read.
  package var accessibleName: String
  /// The GTK type (`GtkButton`, `GtkSwitch`, …).
  package var kind: String
  /// The page holding it, or `panel` / `chrome` / `timeline`.
  var area: String
  /// Where it is on screen.
  package var rect: ScreenRect
  /// Whether it is drawn now (mapped; a hidden page's widgets are not).
  package var visible: Bool
  /// Whether it is its window's focus widget (where Space and Enter go).
  package var hasFocus: Bool
  /// Its state, for a toggle button or a switch; `nil` for other widgets.
  package var active: Bool?

  enum CodingKeys: String, CodingKey {
    case name
    case accessibleName = "accessible_name"
    case kind, area, visible
    case hasFocus = "has_focus"
    case active
  }

  /// Creates an entry.
  package init(
    name: String, accessibleName: String, kind: String, area: String, rect: ScreenRect, visible: Bool,
    hasFocus: Bool = false, active: Bool? = nil
  ) {
    self.name = name
    self.accessibleName = accessibleName
    self.kind = kind
    self.area = area
    self.rect = rect
    self.visible = visible
    self.hasFocus = hasFocus
    self.active = active
  }

  /// Reads a `widgets` entry: its rectangle's fields sit beside the others.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    accessibleName = try container.decode(String.self, forKey: .accessibleName)
    kind = try container.decode(String.self, forKey: .kind)
    area = try container.decode(String.self, forKey: .area)
    rect = try ScreenRect(from: decoder)
    visible = try container.decode(Bool.self, forKey: .visible)
    hasFocus = try container.decode(Bool.self, forKey: .hasFocus)
    active = try container.decodeIfPresent(Bool.self, forKey: .active)
  }
}

/// A page in a `layout` line.
package struct LaidOutPage: Sendable, Decodable {
  /// The navigator's page name (`home`, `details`, `details-2`).
  package var name: String
  /// The page container's accessible name.
  package var accessibleName: String
  /// The title shown in the navigation bar.
  package var title: String

  enum CodingKeys: String, CodingKey {
    case name
    case accessibleName = "accessible_name"
    case title
  }

  /// Creates an entry.
  package init(name: String, accessibleName: String, title: String) {
    self.name = name
    self.accessibleName = accessibleName
    self.title = title
  }
}

/// Something the demo reports in its log. Each case is one line `type`.
package enum DemoEvent: Sendable {
  /// `start`: the demo is running with these settings.
  case start(appID: String, pid: Int32, resources: String, options: DemoOptions)
  /// `layout`: where every named widget is, in root-window coordinates.
  case layout(
    reason: String, windowXID: UInt, window: ScreenRect, topPage: String, widgets: [LaidOutWidget],
    pages: [LaidOutPage])
  /// `decision`: the dispatcher judged an activation.
  case decision(
    control: String, action: String, kind: String, outcome: String, reason: String?, gate: String?,
    source: String, eventTime: UInt32?, runsAction: Bool)
  /// `gate`: a control's gate changed (``GateTransition``): `accepted`
  /// (busy from `atMs`, until `untilMs` at the latest), `finished` (the
  /// window runs until `untilMs`), `expired` (reopened at `atMs`) or
  /// `dropped`; times on the log's monotonic clock.
  case gate(control: String, transition: String, intervalMs: Double, atMs: Double, untilMs: Double?)
  /// `action`: a control's handler ran.
  case action(control: String, does: String)
  /// `navigation`: the page stack moved.
  case navigation(move: String, from: String, to: String, depth: Int, stack: [String], control: String?)
  /// `navigation-refused`: the navigator refused a move.
  case navigationRefused(reason: String, message: String, control: String?, top: String)
  /// `fence-drop`: the spill-over fence dropped input aimed at `page`.
  case fenceDrop(page: String, reason: String, eventTime: UInt32?)
  /// `toggle`: a switch or check button's change was delivered.
  case toggle(control: String, active: Bool)
  /// `lag`: lag was injected (logged before it starts).
  case lag(kind: String, ms: Int, trigger: String)
  /// `lag-done`: a lag that blocks the main loop (a stall, a handler lag)
  /// is over; `lastedMs` is how long it blocked, on the monotonic clock.
  case lagDone(kind: String, ms: Int, lastedMs: Double)
  /// `setting`: a setting changed (from the panel).
  case setting(name: String, value: JSONValue)
  /// `first-frame`: the first frame was drawn.
  case firstFrame(msSinceProcessStart: Double, msSinceMain: Double)
  /// `screenshot`: the window was saved as PNG.
  case screenshot(path: String, width: Int, height: Int, error: String?)
  /// `quit`: the demo is exiting.
  case quit(reason: String)
  /// `timeline`: where the live timeline drew its marks and bars (after a
  /// screenshot).
  case timeline(TimelineSnapshot)

  /// The line's `type`.
  package var type: String {
    switch self {
    case .start: "start"
    case .layout: "layout"
    case .decision: "decision"
    case .gate: "gate"
    case .action: "action"
    case .navigation: "navigation"
    case .navigationRefused: "navigation-refused"
    case .fenceDrop: "fence-drop"
    case .toggle: "toggle"
    case .lag: "lag"
    case .lagDone: "lag-done"
    case .setting: "setting"
    case .firstFrame: "first-frame"
    case .screenshot: "screenshot"
    case .quit: "quit"
    case .timeline: "timeline"
    }
  }

  /// The line's fields after `type`, `seq` and `mono_ms`.
  package var fields: [(String, JSONValue)] {
    if case .timeline(let snapshot) = self { return snapshot.fields }
    return keyedFields.map { ($0.0.stringValue, $0.1) }
  }

  /// The fields of every type but `timeline`, by ``DemoLogField``.
  private var keyedFields: [(DemoLogField, JSONValue)] {
    switch self {
    case .start(let appID, let pid, let resources, let options):
      return [
        (.appID, .string(appID)), (.pid, .number(pid)), (.resources, .string(resources)),
        (.options, Self.json(options)),
      ]
    case .layout(let reason, let xid, let window, let topPage, let widgets, let pages):
      return [
        (.reason, .string(reason)), (.xid, .number(xid)),
        (.window, Self.json(window)), (.topPage, .string(topPage)),
        (.widgets, .array(widgets.map(Self.json))),
        (
          .pages,
          .array(
            pages.map {
              typealias Key = LaidOutPage.CodingKeys
              return .object([
                (Key.name.stringValue, .string($0.name)), (Key.accessibleName.stringValue, .string($0.accessibleName)),
                (Key.title.stringValue, .string($0.title)),
              ])
            })
        ),
      ]
    case .decision(let control, let action, let kind, let outcome, let reason, let gate, let source, let time, let runs):
      return [
        (.control, .string(control)), (.action, .string(action)), (.kind, .string(kind)),
        (.outcome, .string(outcome)), (.reason, .optional(reason)), (.gate, .optional(gate)),
        (.source, .string(source)), (.eventTime, .optional(time)), (.runsAction, .bool(runs)),
      ]
    case .gate(let control, let transition, let interval, let at, let until):
      return [
        (.control, .string(control)), (.transition, .string(transition)), (.intervalMs, .double(interval)),
        (.atMs, .double(at)), (.untilMs, until.map { .double($0) } ?? .null),
      ]
    case .action(let control, let does):
      return [(.control, .string(control)), (.does, .string(does))]
    case .navigation(let move, let from, let to, let depth, let stack, let control):
      return [
        (.move, .string(move)), (.from, .string(from)), (.to, .string(to)), (.depth, .number(depth)),
        (.stack, .array(stack.map { .string($0) })), (.control, .optional(control)),
      ]
    case .navigationRefused(let reason, let message, let control, let top):
      return [
        (.reason, .string(reason)), (.message, .string(message)), (.control, .optional(control)),
        (.top, .string(top)),
      ]
    case .fenceDrop(let page, let reason, let time):
      return [(.page, .string(page)), (.reason, .string(reason)), (.eventTime, .optional(time))]
    case .toggle(let control, let active):
      return [(.control, .string(control)), (.active, .bool(active))]
    case .lag(let kind, let ms, let trigger):
      return [(.kind, .string(kind)), (.ms, .number(ms)), (.trigger, .string(trigger))]
    case .lagDone(let kind, let ms, let lasted):
      return [(.kind, .string(kind)), (.ms, .number(ms)), (.lastedMs, .double(lasted))]
    case .setting(let name, let value):
      return [(.name, .string(name)), (.value, value)]
    case .firstFrame(let process, let main):
      return [(.msSinceProcessStart, .double(process)), (.msSinceMain, .double(main))]
    case .screenshot(let path, let width, let height, let error):
      return [
        (.path, .string(path)), (.width, .number(width)), (.height, .number(height)),
        (.error, .optional(error)),
      ]
    case .quit(let reason):
      return [(.reason, .string(reason))]
    case .timeline:
      return []
    }
  }

  /// The whole line: `type`, `seq`, `mono_ms`, then ``fields``.
  package func line(seq: Int, monoMs: Double) -> JSONValue {
    .object(
      [
        (DemoLogField.type.stringValue, .string(type)), (DemoLogField.seq.stringValue, .number(seq)),
        (DemoLogField.monoMs.stringValue, .double(monoMs)),
      ] + fields)
  }

  static func json(_ rect: ScreenRect) -> JSONValue {
    .object(fields(rect))
  }

  /// `rect`'s fields, by ``ScreenRect/CodingKeys``.
  private static func fields(_ rect: ScreenRect) -> [(String, JSONValue)] {
    typealias Key = ScreenRect.CodingKeys
    return [
      (Key.x.stringValue, .number(rect.x)), (Key.y.stringValue, .number(rect.y)),
      (Key.width.stringValue, .number(rect.width)), (Key.height.stringValue, .number(rect.height)),
    ]
  }

  /// `widget`'s entry, by ``LaidOutWidget/CodingKeys``, its rectangle flat
  /// after `area`.
  static func json(_ widget: LaidOutWidget) -> JSONValue {
    typealias Key = LaidOutWidget.CodingKeys
    return .object(
      [
        (Key.name.stringValue, .string(widget.name)), (Key.accessibleName.stringValue, .string(widget.accessibleName)),
        (Key.kind.stringValue, .string(widget.kind)), (Key.area.stringValue, .string(widget.area)),
      ] + fields(widget.rect) + [
        (Key.visible.stringValue, .bool(widget.visible)), (Key.hasFocus.stringValue, .bool(widget.hasFocus)),
        (Key.active.stringValue, widget.active.map { .bool($0) } ?? .null),
      ])
  }

  /// `options`' fields, by ``DemoOptions/LogKey``.
  static func json(_ options: DemoOptions) -> JSONValue {
    let fields: [(DemoOptions.LogKey, JSONValue)] = [
      (.intervalMs, .number(options.intervalMs)), (.stallMs, .number(options.stallMs)),
      (.stallEveryMs, .number(options.stallEveryMs)), (.handlerLagMs, .number(options.handlerLagMs)),
      (.asyncMs, .number(options.asyncMs)), (.transitionMs, .number(options.transitionMs)),
      (.navigateLater, .bool(options.navigateLater)), (.guardEnabled, .bool(options.guardEnabled)),
      (.observeOnly, .bool(options.observeOnly)), (.fenceEnabled, .bool(options.fenceEnabled)),
      (.logFile, .optional(options.logFile?.displayName)), (.screenshot, .optional(options.screenshot?.displayName)),
      (.quitAfterFirstFrame, .bool(options.quitAfterFirstFrame)),
    ]
    return .object(fields.map { ($0.0.stringValue, $0.1) })
  }
}
