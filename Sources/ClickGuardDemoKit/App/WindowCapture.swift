// WindowCapture: saves the demo's own window as a PNG
// (gdk_pixbuf_get_from_window + gdk_pixbuf_savev).

import CGtk
import ClickGuardGtk

/// Screenshots of a toplevel window.
@MainActor
enum WindowCapture {
  /// Saves `toplevel` as PNG to `path`, and returns the `screenshot` event
  /// (with an error when it failed).
  static func save(_ toplevel: WidgetPointer, to path: String) -> DemoEvent {
    guard let window = gtk_widget_get_window(toplevel) else {
      return .screenshot(path: path, width: 0, height: 0, error: "the window is not realized")
    }
    let width = gdk_window_get_width(window)
    let height = gdk_window_get_height(window)
    guard let pixbuf = gdk_pixbuf_get_from_window(window, 0, 0, width, height) else {
      return .screenshot(path: path, width: 0, height: 0, error: "cannot read the window's pixels")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    var error: UnsafeMutablePointer<GError>?
    guard gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, &error) != 0 else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      if let error { g_error_free(error) }
      return .screenshot(path: path, width: Int(width), height: Int(height), error: message)
    }
    return .screenshot(path: path, width: Int(width), height: Int(height), error: nil)
  }
}
