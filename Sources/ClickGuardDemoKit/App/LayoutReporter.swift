// LayoutReporter: where each named widget is on the screen, in root-window
// coordinates (gdk_window_get_origin + gtk_widget_translate_coordinates), so
// external tests can click exact spots with xdotool; also which one has the
// keyboard focus and the state of each toggle and switch.

import CGtk
import ClickGuardGtk

/// A widget the layout line lists.
@MainActor
struct NamedWidget {
  /// Its stable name.
  let name: String
  /// The page holding it, or `panel` / `chrome` / `timeline`.
  let area: String
  /// The widget.
  let widget: WidgetPointer
}

/// Measures widgets on screen.
@MainActor
enum LayoutReporter {
  /// `widget`'s rectangle in root-window coordinates, or `nil` when it is
  /// not realized in a window.
  static func screenRect(of widget: WidgetPointer) -> ScreenRect? {
    guard let toplevel = gtk_widget_get_toplevel(widget), let window = gtk_widget_get_window(toplevel) else {
      return nil
    }
    var allocation = GtkAllocation()
    gtk_widget_get_allocation(widget, &allocation)
    var wx: Int32 = 0
    var wy: Int32 = 0
    guard gtk_widget_translate_coordinates(widget, toplevel, 0, 0, &wx, &wy) != 0 else { return nil }
    var ox: Int32 = 0
    var oy: Int32 = 0
    gdk_window_get_origin(window, &ox, &oy)
    return ScreenRect(
      x: Int(ox + wx), y: Int(oy + wy), width: Int(allocation.width), height: Int(allocation.height))
  }

  /// The toplevel's rectangle on screen and its X window id (0 when not on
  /// X11).
  static func window(_ toplevel: WidgetPointer) -> (rect: ScreenRect, xid: UInt) {
    guard let window = gtk_widget_get_window(toplevel) else { return (ScreenRect(x: 0, y: 0, width: 0, height: 0), 0) }
    var ox: Int32 = 0
    var oy: Int32 = 0
    gdk_window_get_origin(window, &ox, &oy)
    let rect = ScreenRect(
      x: Int(ox), y: Int(oy), width: Int(gdk_window_get_width(window)), height: Int(gdk_window_get_height(window)))
    let isX11 = GObjectType.isA(UnsafeMutableRawPointer(window), gdk_x11_window_get_type())
    return (rect, isX11 ? UInt(gdk_x11_window_get_xid(window)) : 0)
  }

  /// The state of a toggle button (check, radio) or a switch, else `nil`.
  static func state(of widget: WidgetPointer) -> Bool? {
    if GObjectType.isA(widget.raw, gtk_toggle_button_get_type()) {
      return gtk_toggle_button_get_active(widget.cast()) != 0
    }
    if GObjectType.isA(widget.raw, gtk_switch_get_type()) {
      return gtk_switch_get_active(widget.cast()) != 0
    }
    return nil
  }

  /// The `layout` event for `widgets` in `toplevel`.
  static func event(
    reason: String, toplevel: WidgetPointer, topPage: String, widgets: [NamedWidget], pages: [LaidOutPage]
  ) -> DemoEvent {
    let (windowRect, xid) = window(toplevel)
    let entries = widgets.map { named in
      let rect = screenRect(of: named.widget)
      let type = String(cString: g_type_name(cg_type_of(named.widget.raw)))
      return LaidOutWidget(
        name: named.name, accessibleName: accessibleName(of: named.widget), kind: type, area: named.area,
        rect: rect ?? ScreenRect(x: 0, y: 0, width: 0, height: 0),
        visible: rect != nil && gtk_widget_is_drawable(named.widget) != 0,
        hasFocus: gtk_widget_is_focus(named.widget) != 0, active: state(of: named.widget))
    }
    return .layout(
      reason: reason, windowXID: xid, window: windowRect, topPage: topPage, widgets: entries, pages: pages)
  }
}
