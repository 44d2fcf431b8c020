// DemoLayout: a `layout` line of the demo's log — the window and every named
// widget on screen — decoded with JSONDecoder into the demo's own
// ScreenRect, LaidOutWidget and LaidOutPage, so a driver knows where to
// click.

import ClickGuardDemoKit

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

  /// The named widget that has the keyboard focus, if any.
  public var focus: String? {
    widgets.values.first { $0.hasFocus }?.name
  }
}

extension DemoLayout: Decodable {
  private enum CodingKeys: String, CodingKey {
    case xid, window
    case topPage = "top_page"
    case widgets, pages, reason, seq
  }

  /// Decodes the fields of a `layout` line.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    xid = try container.decode(UInt.self, forKey: .xid)
    window = try container.decode(ScreenRect.self, forKey: .window)
    topPage = try container.decode(String.self, forKey: .topPage)
    reason = try container.decode(String.self, forKey: .reason)
    seq = try container.decode(Int.self, forKey: .seq)
    let widgets = try container.decode([LaidOutWidget].self, forKey: .widgets)
    self.widgets = Dictionary(widgets.map { ($0.name, $0) }) { _, last in last }
    let pages = try container.decode([LaidOutPage].self, forKey: .pages)
    self.pages = Dictionary(pages.map { ($0.name, $0.accessibleName) }) { _, last in last }
  }
}
