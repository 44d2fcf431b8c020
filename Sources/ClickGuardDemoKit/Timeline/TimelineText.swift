// TimelineText: the timeline's labels, set with Pango on a cairo context, so
// the live widget and an offscreen picture set text the same way.

import CGtk

/// Measures and draws the timeline's labels with one Pango layout.
final class TimelineText {
  /// The labels' font.
  static let font = "Sans 8"

  private let cairo: OpaquePointer
  private let layout: OpaquePointer

  /// Text for the cairo context `cairo`.
  init(cairo: OpaquePointer) {
    self.cairo = cairo
    layout = pango_cairo_create_layout(cairo)
    let description = pango_font_description_from_string(Self.font)
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(layout))
  }

  /// `text`'s width in pixels.
  func width(of text: String) -> Double {
    Double(size(of: text, maxWidth: nil).width)
  }

  /// Draws `text` with its left edge at `x`, centred on `centerY`; cut with
  /// an ellipsis past `maxWidth` pixels, if given.
  func draw(_ text: String, x: Double, centerY: Double, color: GdkRGBA, maxWidth: Double? = nil) {
    let (_, height) = size(of: text, maxWidth: maxWidth)
    TimelineRenderer.setSource(cairo, color)
    cairo_move_to(cairo, x, (centerY - Double(height) / 2).rounded())
    pango_cairo_show_layout(cairo, layout)
    // Leave no current point behind: an arc drawn next would join it.
    cairo_new_path(cairo)
  }

  /// Draws `text` centred on (`centerX`, `centerY`).
  func drawCentered(_ text: String, centerX: Double, centerY: Double, color: GdkRGBA) {
    let (width, _) = size(of: text, maxWidth: nil)
    draw(text, x: (centerX - Double(width) / 2).rounded(), centerY: centerY, color: color)
  }

  private func size(of text: String, maxWidth: Double?) -> (width: Int32, height: Int32) {
    pango_layout_set_text(layout, text, -1)
    if let maxWidth {
      pango_layout_set_width(layout, Int32(max(maxWidth, 1) * Double(PANGO_SCALE)))
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    } else {
      pango_layout_set_width(layout, -1)
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
    }
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    return (width, height)
  }
}
