// TimelineLine: a `timeline` line of the demo's log — where the live timeline
// drew its marks, bars and legend in the screenshot just taken — decoded
// with JSONDecoder, so a driver can check the picture at those positions.

import Foundation

/// A `timeline` line: the live timeline as last drawn, in the coordinates of
/// the window's screenshot.
public struct TimelineLine: Decodable, Sendable {
  /// A rectangle.
  public struct Rect: Decodable, Sendable {
    /// Left edge.
    public let x: Double
    /// Top edge.
    public let y: Double
    /// Width.
    public let width: Double
    /// Height.
    public let height: Double
  }

  /// A processing mark.
  public struct Mark: Decodable, Sendable {
    /// Its lane (a control's name, `fence`).
    public let lane: String
    /// Its outcome (`accepted`, `dropped-busy`, …).
    public let outcome: String
    /// The glyph's centre.
    public let x: Double
    /// The glyph's centre.
    public let y: Double
    /// The event mark's x, if the activation had an event time.
    public let eventX: Double?
    /// Where the glyph surely has its colour.
    public let probeX: Double
    /// Where the glyph surely has its colour.
    public let probeY: Double

    private enum CodingKeys: String, CodingKey {
      case lane, outcome, x, y
      case eventX = "event_x"
      case probeX = "probe_x"
      case probeY = "probe_y"
    }
  }

  /// A bar.
  public struct Bar: Decodable, Sendable {
    /// Its lane.
    public let lane: String
    /// `busy`, `window` or `fence`.
    public let kind: String
    /// Left edge.
    public let x: Double
    /// Top edge.
    public let y: Double
    /// Width.
    public let width: Double
    /// Height.
    public let height: Double
  }

  /// A legend entry's sample box.
  public struct LegendEntry: Decodable, Sendable {
    /// The entry's label.
    public let label: String
    /// Left edge.
    public let x: Double
    /// Top edge.
    public let y: Double
    /// Width.
    public let width: Double
    /// Height.
    public let height: Double
  }

  /// Why it was logged (`screenshot`).
  public let reason: String
  /// The drawing area in the window.
  public let area: Rect
  /// The left edge of the time shown (`CLOCK_MONOTONIC` ms).
  public let viewStartMs: Double
  /// The right edge of the time shown.
  public let viewEndMs: Double
  /// Where that time runs, left to right.
  public let plot: Rect
  /// Whether the view was paused.
  public let paused: Bool
  /// Every processing mark in view.
  public let marks: [Mark]
  /// Every bar in view.
  public let bars: [Bar]
  /// The legend.
  public let legend: [LegendEntry]

  private enum CodingKeys: String, CodingKey {
    case reason, area, plot, paused, marks, bars, legend
    case viewStartMs = "view_start_ms"
    case viewEndMs = "view_end_ms"
  }

  /// Decodes the `timeline` line `text`.
  /// - Throws: `DecodingError` when it is not one.
  public init(json text: String) throws {
    self = try JSONDecoder().decode(Self.self, from: Data(text.utf8))
  }

  /// Milliseconds per pixel along the time axis.
  public var msPerPixel: Double { (viewEndMs - viewStartMs) / plot.width }

  /// The marks on lane `lane`.
  public func marks(inLane lane: String) -> [Mark] {
    marks.filter { $0.lane == lane }
  }
}
