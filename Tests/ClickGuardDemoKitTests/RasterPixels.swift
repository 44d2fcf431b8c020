// RasterPixels: reading pixels out of cairo image surfaces and PNG files, so
// tests check pictures at computed positions rather than against golden
// images; and the timeline's test-only readers (a `timeline` line decoded,
// a picture's pixels).

import CGtk
import Foundation

@testable import ClickGuardDemoKit

/// Pixels of an image read back: a PNG file (a screenshot, a timeline
/// picture) or an image surface.
final class RasterPixels {
  /// The image's width.
  let width: Int
  /// The image's height.
  let height: Int
  private let surface: OpaquePointer

  /// Loads the PNG at `path`, or `nil` when it cannot be read.
  init?(pngPath path: String) {
    guard let surface = cairo_image_surface_create_from_png(path),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    self.surface = surface
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// The colour at (`x`, `y`), or `nil` outside the image.
  func pixel(x: Int, y: Int) -> GdkRGBA? {
    Self.pixel(of: surface, x: x, y: y)
  }

  /// The pixel nearest in colour to `color` within `radius` pixels of
  /// (`x`, `y`), and its distance (see ``distance(_:_:)``): tolerates
  /// anti-aliasing and a pixel of rounding.
  func nearest(to color: GdkRGBA, x: Int, y: Int, radius: Int = 1) -> Double {
    var best = Double.infinity
    for dy in -radius...radius {
      for dx in -radius...radius {
        if let pixel = pixel(x: x + dx, y: y + dy) { best = min(best, Self.distance(pixel, color)) }
      }
    }
    return best
  }

  /// The largest difference of one component between two colours, in 0–255
  /// steps.
  static func distance(_ a: GdkRGBA, _ b: GdkRGBA) -> Double {
    max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) * 255
  }

  /// The colour at (`x`, `y`) of an ARGB32 or RGB24 image surface.
  static func pixel(of surface: OpaquePointer, x: Int, y: Int) -> GdkRGBA? {
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    guard x >= 0, y >= 0, x < width, y < height, let data = cairo_image_surface_get_data(surface) else { return nil }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
    let alpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 ? Double((word >> 24) & 0xff) : 255
    // Premultiplied in ARGB32: undo it (a transparent pixel reads as black).
    let scale = alpha > 0 ? 255 / alpha : 0
    func component(_ shift: UInt32) -> Double { min(Double((word >> shift) & 0xff) * scale / 255, 1) }
    return GdkRGBA(red: component(16), green: component(8), blue: component(0), alpha: 1)
  }
}

extension TimelineImage {
  /// The colour of the pixel at (`x`, `y`) (opaque), or `nil` outside the
  /// image.
  func pixel(x: Int, y: Int) -> GdkRGBA? {
    RasterPixels.pixel(of: surface, x: x, y: y)
  }
}

extension TimelineSnapshot {
  /// Decodes the `timeline` line `text`.
  /// - Throws: `DecodingError` when it is not one.
  init(json text: String) throws {
    self = try JSONDecoder().decode(Self.self, from: Data(text.utf8))
  }

  /// Milliseconds per pixel along the time axis.
  var msPerPixel: Double { viewport.durationMs / plot.width }

  /// The marks on lane `lane`.
  func marks(inLane lane: String) -> [Mark] {
    marks.filter { $0.lane == lane }
  }
}
