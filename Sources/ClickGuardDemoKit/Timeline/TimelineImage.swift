// TimelineImage: the timeline drawn offscreen into a cairo image surface —
// written as PNG for the showcase and the docs, and read back pixel by pixel
// by tests.

import CGtk

/// A timeline drawn into an ARGB image in memory.
package final class TimelineImage {
  /// The image's width in pixels.
  package let width: Int
  /// The image's height in pixels.
  package let height: Int
  /// The layout it was drawn by (where every mark, bar and legend entry is).
  package let layout: TimelineLayout
  let surface: OpaquePointer

  /// Draws `model` through `viewport` (default: all of it) into a new
  /// `width` × `height` image with `theme`, under `title` if given.
  package init(
    _ model: TimelineModel, viewport: TimelineViewport? = nil, theme: TimelineTheme = .light, width: Int = 1200,
    height: Int = 260, title: String? = nil
  ) {
    self.width = width
    self.height = height
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    let cairo = cairo_create(surface)!
    layout = TimelineRenderer.draw(
      model, viewport: viewport ?? .fitting(model), theme: theme, width: Double(width), height: Double(height),
      into: cairo, title: title)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// A height that gives each of `model`'s lanes room, with the axis, a
  /// legend of up to two rows and, if `titled`, a title row.
  package static func height(for model: TimelineModel, laneHeight: Double = 24, titled: Bool = false) -> Int {
    let lanes = Double(model.lanes.count)
    let fixed = 2 * TimelineLayout.padding + TimelineLayout.axisHeight + 4 + 2 * TimelineLayout.legendRowHeight
    return Int((fixed + lanes * laneHeight + (titled ? TimelineLayout.titleHeight : 0)).rounded(.up))
  }

  /// Writes the image as PNG to `path`.
  /// - Returns: `nil` when written, else cairo's reason.
  package func writePNG(to path: String) -> String? {
    let status = cairo_surface_write_to_png(surface, path)
    return status == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(status))
  }
}
