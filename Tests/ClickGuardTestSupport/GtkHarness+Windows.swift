// GtkHarness+Windows: widgets in mapped toplevel windows, where they are on
// the screen, and keyboard focus.

import CGtk
import ClickGuardGtk
import Foundation

extension GtkHarness {
  /// Shows `child` in a new toplevel at (`x`, `y`), waits until it is mapped
  /// and drawn, and gives the window the X input focus (`xdotool
  /// windowfocus`: works with no window manager).
  /// - Returns: the window; destroy it with ``close(_:)``.
  package static func showWindow(
    _ child: WidgetPointer, x: Int32 = 50, y: Int32 = 50, width: Int32 = 300, height: Int32 = 200
  ) -> WidgetPointer {
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    let asWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_default_size(asWindow, width, height)
    gtk_container_add(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkContainer.self), child)
    gtk_widget_show_all(window)
    gtk_window_move(asWindow, x, y)
    pump(until: { gtk_widget_get_mapped(child) != 0 }, timeout: 5)
    pump(for: 0.3)
    if let gdkWindow = gtk_widget_get_window(window) {
      gdk_window_focus(gdkWindow, 0)
      xdotool(["windowfocus", "--sync", String(gdk_x11_window_get_xid(gdkWindow))])
    }
    pump(for: 0.2)
    return window
  }

  /// Destroys a window made by ``showWindow(_:x:y:width:height:)``.
  package static func close(_ window: WidgetPointer) {
    gtk_widget_destroy(window)
    pump(for: 0.05)
  }

  /// A GtkBox holding `children`, each centred so that its allocation is its
  /// natural size.
  package static func box(_ children: [WidgetPointer], vertical: Bool = false, spacing: Int32 = 20) -> WidgetPointer {
    let box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!
    let asBox = UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self)
    for child in children {
      gtk_widget_set_halign(child, GTK_ALIGN_CENTER)
      gtk_widget_set_valign(child, GTK_ALIGN_CENTER)
      gtk_box_pack_start(asBox, child, 1, 1, 0)
    }
    return box
  }

  /// The centre of `widget` in root-window (screen) coordinates.
  package static func screenCenter(of widget: WidgetPointer) -> (x: Int32, y: Int32) {
    var allocation = GtkAllocation()
    gtk_widget_get_allocation(widget, &allocation)
    let toplevel = gtk_widget_get_toplevel(widget)!
    var wx: Int32 = 0
    var wy: Int32 = 0
    gtk_widget_translate_coordinates(widget, toplevel, allocation.width / 2, allocation.height / 2, &wx, &wy)
    var ox: Int32 = 0
    var oy: Int32 = 0
    gdk_window_get_origin(gtk_widget_get_window(toplevel), &ox, &oy)
    return (ox + wx, oy + wy)
  }

  /// Gives `widget` the keyboard focus (its window already has the X focus).
  package static func focus(_ widget: WidgetPointer) {
    gtk_widget_grab_focus(widget)
    pump(until: { gtk_widget_has_focus(widget) != 0 }, timeout: 2)
  }
}
