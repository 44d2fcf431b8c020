// WindowCapture: saves the demo's own window as a PNG
// (gdk_pixbuf_get_from_window, then gdk_pixbuf_save_to_callbackv into a new
// file beside the target, renamed over it: see ReplacementFile).

import CGtk
import ClickGuardAppSupport
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// Screenshots of a toplevel window.
@MainActor
enum WindowCapture {
  /// What a screenshot may go to, for messages.
  static let accepted = "a screenshot goes to a new file or replaces a regular file"

  /// Checks, before the window exists, that a screenshot can be saved to
  /// `name`: it is absent or a regular file, and a new file can be made in
  /// its directory (one is made and removed).
  /// - Throws: ``OutputFileError`` naming the path and why not.
  static func check(_ name: FileName) throws(OutputFileError) {
    try ReplacementFile(beside: OutputTarget(name), accepted: accepted).discard()
  }

  /// Saves `toplevel` as PNG to `name`, and returns the `screenshot` event
  /// (with an error when it failed). `name` is replaced only when it is
  /// absent or a regular file, and only by a complete PNG: see
  /// ``ReplacementFile``.
  static func save(_ toplevel: WidgetPointer, to name: FileName) -> DemoEvent {
    let path = name.displayName
    guard let window = gtk_widget_get_window(toplevel) else {
      return .screenshot(path: path, width: 0, height: 0, error: "the window is not realized")
    }
    let width = gdk_window_get_width(window)
    let height = gdk_window_get_height(window)
    guard let pixbuf = gdk_pixbuf_get_from_window(window, 0, 0, width, height) else {
      return .screenshot(path: path, width: 0, height: 0, error: "cannot read the window's pixels")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    do throws(OutputFileError) {
      let file = try ReplacementFile(beside: OutputTarget(name), accepted: accepted)
      var error: UnsafeMutablePointer<GError>?
      let saved = gdk_pixbuf_save_to_callbackv(
        pixbuf, writeChunk, Unmanaged.passUnretained(file).toOpaque(), "png", nil, nil, &error)
      guard saved != 0 else {
        let message = messageTaking(&error)
        file.discard()
        throw OutputFileError(path: path, problem: "cannot be written: \(message) (left as it was)")
      }
      try file.commit()
    } catch {
      return .screenshot(path: path, width: Int(width), height: Int(height), error: error.description)
    }
    return .screenshot(path: path, width: Int(width), height: Int(height), error: nil)
  }
}

/// gdk-pixbuf's `GdkPixbufSaveFunc`: writes one chunk of the PNG into the
/// ``ReplacementFile`` passed as user data, or fails with the system's
/// reason.
private let writeChunk: GdkPixbufSaveFunc = { buffer, count, error, data in
  guard let data else { return 0 }
  let file = Unmanaged<ReplacementFile>.fromOpaque(data).takeUnretainedValue()
  guard let reason = file.write(UnsafeRawBufferPointer(start: buffer, count: Int(count))) else { return 1 }
  g_set_error_literal(error, g_file_error_quark(), gint(G_FILE_ERROR_FAILED.rawValue), reason)
  return 0
}
