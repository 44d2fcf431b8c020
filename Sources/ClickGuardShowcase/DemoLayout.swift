// DemoLayout: a `layout` line of the demo's log — the window and every named
// widget on screen — as a driver looks things up in it (by name), built from
// the DemoEvent the line decodes to, so a driver knows where to click.

import ClickGuardDemoKit

/// A `layout` line: the window and every named widget on screen.
package struct DemoLayout: Sendable {
  /// The window's X id.
  package let xid: UInt
  /// The window on screen.
  package let window: ScreenRect
  /// The page on top.
  package let topPage: String
  /// Every widget, by name.
  package let widgets: [String: LaidOutWidget]
  /// Every page: name → accessible name.
  package let pages: [String: String]
  /// Why it was logged: `startup`, `page-shown`, `requested` (SIGUSR2).
  package let reason: String
  /// Its `seq`.
  package let seq: Int

  /// The layout `event` holds, logged as line `seq`; `nil` for other
  /// events.
  init?(_ event: DemoEvent, seq: Int) {
    guard case .layout(let reason, let xid, let window, let topPage, let widgets, let pages) = event else {
      return nil
    }
    self.xid = xid
    self.window = window
    self.topPage = topPage
    self.widgets = Dictionary(widgets.map { ($0.name, $0) }) { _, last in last }
    self.pages = Dictionary(pages.map { ($0.name, $0.accessibleName) }) { _, last in last }
    self.reason = reason
    self.seq = seq
  }

  /// The named widget that has the keyboard focus, if any.
  package var focus: String? {
    widgets.values.first { $0.hasFocus }?.name
  }
}
