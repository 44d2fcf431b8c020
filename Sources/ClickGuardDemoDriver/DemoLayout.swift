// DemoLayout: a `layout` line of the demo's log — the window and every named
// widget on screen — as a driver looks things up in it, built from the
// fields DemoLogLine decoded (the demo's own ScreenRect, LaidOutWidget and
// LaidOutPage), so a driver knows where to click.

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

  /// The named widget that has the keyboard focus, if any.
  package var focus: String? {
    widgets.values.first { $0.hasFocus }?.name
  }
}

extension DemoLayout {
  /// The layout a decoded `layout` line holds, or `nil` when it misses a
  /// field a layout needs.
  init?(_ line: DemoLogLine) {
    guard line.type == "layout", let xid = line.xid, let window = line.window, let topPage = line.topPage,
      let widgets = line.widgets, let pages = line.pages, let reason = line.reason
    else { return nil }
    self.init(
      xid: xid, window: window, topPage: topPage,
      widgets: Dictionary(widgets.map { ($0.name, $0) }) { _, last in last },
      pages: Dictionary(pages.map { ($0.name, $0.accessibleName) }) { _, last in last }, reason: reason,
      seq: line.seq)
  }
}
