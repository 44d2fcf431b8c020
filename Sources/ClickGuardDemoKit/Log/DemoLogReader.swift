// DemoLogReader: reads the demo's JSON-lines log back — the layout (where to
// click) and what a burst of clicks led to — for tests and the showcase.

import ClickGuard

#if canImport(Glibc)
  import Glibc
#endif

/// The demo's log, parsed.
public struct DemoLogReader: Sendable {
  /// Every complete line, in order.
  public let lines: [JSONValue]

  /// Parses `text`; an incomplete last line (still being written) is
  /// skipped.
  public init(text: String) {
    lines = text.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
  }

  /// Reads the log at `path` (empty when it does not exist yet).
  public init(path: String) {
    self.init(text: Self.read(path) ?? "")
  }

  /// The lines of `type`.
  public func lines(ofType type: String) -> [JSONValue] {
    lines.filter { $0["type"]?.string == type }
  }

  /// The latest `layout` line, parsed.
  public var layout: DemoLayout? {
    lines(ofType: "layout").last.flatMap(DemoLayout.init)
  }

  /// The first `layout` line (the one logged at startup), parsed.
  public var startupLayout: DemoLayout? {
    lines(ofType: "layout").first.flatMap(DemoLayout.init)
  }

  /// What happened to the lines after `seq` (exclusive): the outcome of a
  /// burst on `control`.
  public func outcome(of control: String, after seq: Int = 0) -> BurstOutcome {
    BurstOutcome(control: control, lines: lines.filter { ($0["seq"]?.int ?? 0) > seq })
  }

  /// The highest `seq` so far (0 when empty).
  public var lastSeq: Int { lines.last?["seq"]?.int ?? 0 }

  static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A `layout` line: the window and every named widget on screen.
public struct DemoLayout: Sendable {
  /// The window's X id.
  public let xid: UInt
  /// The window on screen.
  public let window: ScreenRect
  /// The page on top.
  public let topPage: String
  /// Every widget, by name.
  public let widgets: [String: LaidOutWidget]
  /// Every page: name → accessible name.
  public let pages: [String: String]
  /// Why it was logged: `startup`, `page-shown`, `requested` (SIGUSR2).
  public let reason: String
  /// Its `seq`.
  public let seq: Int

  /// Parses a `layout` line.
  public init?(_ line: JSONValue) {
    guard line["type"]?.string == "layout", let window = line["window"], let items = line["widgets"]?.array else {
      return nil
    }
    func rect(_ value: JSONValue) -> ScreenRect {
      ScreenRect(
        x: value["x"]?.int ?? 0, y: value["y"]?.int ?? 0, width: value["width"]?.int ?? 0,
        height: value["height"]?.int ?? 0)
    }
    xid = UInt(line["xid"]?.int ?? 0)
    reason = line["reason"]?.string ?? ""
    seq = line["seq"]?.int ?? 0
    self.window = rect(window)
    topPage = line["top_page"]?.string ?? ""
    var widgets: [String: LaidOutWidget] = [:]
    for item in items {
      guard let name = item["name"]?.string else { continue }
      widgets[name] = LaidOutWidget(
        name: name, accessibleName: item["accessible_name"]?.string ?? "", kind: item["kind"]?.string ?? "",
        area: item["area"]?.string ?? "", rect: rect(item), visible: item["visible"]?.bool ?? false,
        hasFocus: item["has_focus"]?.bool ?? false, active: item["active"]?.bool)
    }
    self.widgets = widgets
    var pages: [String: String] = [:]
    for page in line["pages"]?.array ?? [] {
      if let name = page["name"]?.string { pages[name] = page["accessible_name"]?.string ?? "" }
    }
    self.pages = pages
  }

  /// The named widget that has the keyboard focus, if any.
  public var focus: String? {
    widgets.values.first { $0.hasFocus }?.name
  }
}

/// What a burst of clicks on one control led to, from the log.
public struct BurstOutcome: Hashable, Sendable {
  /// The guard's decisions on the control.
  public var decisions = DecisionCounters()
  /// Times the control's handler ran.
  public var runs = 0
  /// Navigations (pushes) it caused.
  public var navigations = 0
  /// Its navigations the navigator refused.
  public var refused = 0
  /// Presses the fence dropped (distinct event times: a double-click's
  /// second press counts once).
  public var fenceDrops = 0
  /// Spill-over that got through: "Add to cart" runs on any details page.
  public var spillOverActions = 0
  /// The stack depth after the last navigation (1 when none).
  public var finalDepth = 1

  init(control: String, lines: [JSONValue]) {
    var fenceTimes = Set<String>()
    for line in lines {
      let type = line["type"]?.string
      let isControl = line["control"]?.string == control
      switch type {
      case "decision" where isControl:
        decisions.countLogged(outcome: line["outcome"]?.string, reason: line["reason"]?.string)
      case "action" where isControl:
        runs += 1
      case "action" where line["does"]?.string == "add-to-cart":
        spillOverActions += 1
      case "navigation":
        if isControl && line["move"]?.string == "push" { navigations += 1 }
        finalDepth = line["depth"]?.int ?? finalDepth
      case "navigation-refused" where isControl:
        refused += 1
      case "fence-drop":
        fenceTimes.insert(line["event_time"].map(\.encoded) ?? "\(line["seq"]?.int ?? 0)")
      default:
        break
      }
    }
    fenceDrops = fenceTimes.count
  }
}
