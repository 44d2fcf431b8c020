// WindowCapture: saves the demo's own window as a PNG
// (gdk_pixbuf_get_from_window, then gdk_pixbuf_save_to_bufferv, written
// whole through AtomicFile).

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
  static let accepted = Phrase(translatable("a screenshot goes to a new file or replaces a regular file"))

  /// Checks, before the window exists, that a screenshot can be saved to
  /// `name`: it is absent or a regular file, and a new file can be made in
  /// its directory.
  /// - Throws: ``OutputFileError`` naming the path and why not.
  static func check(_ name: ByteString) throws(OutputFileError) {
    try AtomicFile.check(OutputTarget(name), accepted: accepted)
  }

  /// Saves `toplevel` as PNG to `name`, and returns the `screenshot` event
  /// (with the English error when it failed) and the failure, for a
  /// message in the reader's language. `name` is replaced only when it is
  /// absent or a regular file, and only by a complete PNG: see
  /// ``AtomicFile``.
  static func save(_ toplevel: WidgetPointer, to name: ByteString) -> (event: DemoEvent, failure: OutputFileError?) {
    let path = name.displayName
    func failed(_ error: OutputFileError, width: Int32 = 0, height: Int32 = 0) -> (DemoEvent, OutputFileError?) {
      (.screenshot(path: path, width: Int(width), height: Int(height), error: error.description), error)
    }
    guard let window = gtk_widget_get_window(toplevel) else {
      return failed(
        OutputFileError(path: path, problem: Phrase(translatable("is not written: the window is not realized"))))
    }
    let width = gdk_window_get_width(window)
    let height = gdk_window_get_height(window)
    guard let pixbuf = gdk_pixbuf_get_from_window(window, 0, 0, width, height) else {
      return failed(
        OutputFileError(path: path, problem: Phrase(translatable("is not written: the window's pixels cannot be read")))
      )
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    do throws(OutputFileError) {
      var png: UnsafeMutablePointer<gchar>?
      var size: gsize = 0
      var error: UnsafeMutablePointer<GError>?
      guard gdk_pixbuf_save_to_bufferv(pixbuf, &png, &size, "png", nil, nil, &error) != 0 else {
        throw OutputFileError(
          path: path,
          problem: Phrase(
            translatable("cannot be written: {reason} (left as it was)"), ["reason": .text(messageTaking(&error))]))
      }
      defer { g_free(png) }
      try AtomicFile.write(
        UnsafeRawBufferPointer(start: png, count: Int(size)), to: OutputTarget(name), accepted: accepted)
    } catch {
      return failed(error, width: width, height: height)
    }
    return (.screenshot(path: path, width: Int(width), height: Int(height), error: nil), nil)
  }
}
