// TimelineSnapshot: the live timeline as last drawn — its area, the time it
// showed and where each mark, bar and legend entry went — logged as a
// `timeline` line after each screenshot, so a driver can check the picture
// at the positions the demo drew at. The same type reads the line back
// (Decodable, by the CodingKeys the writer writes), so writer and reader
// share one definition.

import ClickGuardGtk

/// Where the live timeline drew everything, in the coordinates of the
/// window's screenshot (origin at the toplevel window's top left).
package struct TimelineSnapshot: Sendable, Decodable {
  /// A processing mark.
  package struct Mark: Sendable, Decodable {
    /// Its lane.
    let lane: String
    /// Its outcome (``TimelineOutcome`` raw value).
    package let outcome: String
    /// The glyph's centre.
    package let x: Double
    /// The glyph's centre.
    package let y: Double
    /// The event mark's x, when the activation had an event time.
    let eventX: Double?
    /// A point where the glyph surely has its colour.
    let probeX: Double
    /// A point where the glyph surely has its colour.
    let probeY: Double

    enum CodingKeys: String, CodingKey {
      case lane, outcome, x, y
      case eventX = "event_x"
      case probeX = "probe_x"
      case probeY = "probe_y"
    }
  }

  /// A span's bar.
  package struct Bar: Sendable, Decodable {
    /// Its lane.
    let lane: String
    /// ``TimelineSpan/Kind`` raw value.
    package let kind: String
    /// The bar's rectangle (clipped to the plot), written flat beside the
    /// other fields.
    package let rect: TimelineRect

    enum CodingKeys: String, CodingKey {
      case lane, kind
    }

    init(lane: String, kind: String, rect: TimelineRect) {
      self.lane = lane
      self.kind = kind
      self.rect = rect
    }

    /// Reads a `bars` entry.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      lane = try container.decode(String.self, forKey: .lane)
      kind = try container.decode(String.self, forKey: .kind)
      rect = try TimelineRect(from: decoder)
    }
  }

  /// A legend entry's sample.
  package struct LegendEntry: Sendable, Decodable {
    /// The entry's label.
    let label: String
    /// The sample's box, written flat beside the label.
    let swatch: TimelineRect

    enum CodingKeys: String, CodingKey {
      case label
    }

    init(label: String, swatch: TimelineRect) {
      self.label = label
      self.swatch = swatch
    }

    /// Reads a `legend` entry.
    package init(from decoder: any Decoder) throws {
      label = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .label)
      swatch = try TimelineRect(from: decoder)
    }
  }

  /// A lane's id and the row its marks sit on.
  package struct Lane: Sendable, Decodable {
    /// The lane's id (a control's name, `fence`).
    package let id: String
    /// The row's y.
    package let y: Double
  }

  enum CodingKeys: String, CodingKey {
    case reason, area
    case viewStartMs = "view_start_ms"
    case viewEndMs = "view_end_ms"
    case plot, paused, lanes, marks, bars, legend
  }

  /// Why it was logged (`screenshot`).
  package let reason: String
  /// The drawing area, in window coordinates.
  let area: ScreenRect
  /// The time shown (`CLOCK_MONOTONIC` ms).
  let viewport: TimelineViewport
  /// Where that time runs, left to right, in window coordinates.
  let plot: TimelineRect
  /// Whether the view was paused.
  let paused: Bool
  /// Each lane's id and the row its marks sit on.
  let lanes: [Lane]
  /// Every processing mark in view.
  let marks: [Mark]
  /// Every bar in view.
  let bars: [Bar]
  /// The legend.
  package let legend: [LegendEntry]

  /// The snapshot of `model` drawn by `layout` at `origin` (the area's top
  /// left in the window).
  package init(
    reason: String, model: TimelineModel, layout: TimelineLayout, origin: (x: Int, y: Int), paused: Bool
  ) {
    let dx = Double(origin.x)
    let dy = Double(origin.y)
    func moved(_ rect: TimelineRect) -> TimelineRect {
      TimelineRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
    }
    self.reason = reason
    area = ScreenRect(x: origin.x, y: origin.y, width: Int(layout.width), height: Int(layout.height))
    viewport = layout.viewport
    plot = moved(layout.plot)
    self.paused = paused
    lanes = layout.lanes.enumerated().map { Lane(id: $0.element.id, y: layout.markY($0.offset) + dy) }
    marks = model.marks.compactMap { mark in
      guard let points = layout.points(of: mark, in: model), points.processedX >= layout.plot.x,
        points.processedX <= layout.plot.maxX
      else { return nil }
      let probe = TimelineStyle.glyph(mark.outcome).probeOffset(radius: layout.markRadius)
      return Mark(
        lane: mark.lane, outcome: mark.outcome.rawValue, x: points.processedX + dx, y: points.y + dy,
        eventX: points.eventX.map { $0 + dx }, probeX: points.processedX + probe.dx + dx,
        probeY: points.y + probe.dy + dy)
    }
    bars = model.spans.compactMap { span in
      layout.bar(of: span).map { Bar(lane: span.lane, kind: span.kind.rawValue, rect: moved($0.rect)) }
    }
    legend = layout.legend.map { LegendEntry(label: $0.item.label, swatch: moved($0.swatch)) }
  }

  /// Reads a `timeline` line.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    reason = try container.decode(String.self, forKey: .reason)
    area = try container.decode(ScreenRect.self, forKey: .area)
    viewport = TimelineViewport(
      startMs: try container.decode(Double.self, forKey: .viewStartMs),
      endMs: try container.decode(Double.self, forKey: .viewEndMs))
    plot = try container.decode(TimelineRect.self, forKey: .plot)
    paused = try container.decode(Bool.self, forKey: .paused)
    lanes = try container.decode([Lane].self, forKey: .lanes)
    marks = try container.decode([Mark].self, forKey: .marks)
    bars = try container.decode([Bar].self, forKey: .bars)
    legend = try container.decode([LegendEntry].self, forKey: .legend)
  }

  /// The `timeline` line's fields, by ``CodingKeys``: the demo writes
  /// them by hand (it starts without Foundation).
  package var fields: [(String, JSONValue)] {
    typealias Key = CodingKeys
    typealias MarkKey = Mark.CodingKeys
    func number(_ value: Double) -> JSONValue { .double((value * 10).rounded() / 10) }
    func rect(_ r: TimelineRect) -> [(String, JSONValue)] {
      typealias RectKey = TimelineRect.CodingKeys
      return [
        (RectKey.x.stringValue, number(r.x)), (RectKey.y.stringValue, number(r.y)),
        (RectKey.width.stringValue, number(r.width)), (RectKey.height.stringValue, number(r.height)),
      ]
    }
    return [
      (Key.reason.stringValue, .string(reason)), (Key.area.stringValue, DemoEvent.json(area)),
      (Key.viewStartMs.stringValue, .double(viewport.startMs)), (Key.viewEndMs.stringValue, .double(viewport.endMs)),
      (Key.plot.stringValue, .object(rect(plot))), (Key.paused.stringValue, .bool(paused)),
      (Key.lanes.stringValue, .array(lanes.map { .object([("id", .string($0.id)), ("y", number($0.y))]) })),
      (
        Key.marks.stringValue,
        .array(
          marks.map {
            .object([
              (MarkKey.lane.stringValue, .string($0.lane)), (MarkKey.outcome.stringValue, .string($0.outcome)),
              (MarkKey.x.stringValue, number($0.x)), (MarkKey.y.stringValue, number($0.y)),
              (MarkKey.eventX.stringValue, $0.eventX.map(number) ?? .null),
              (MarkKey.probeX.stringValue, number($0.probeX)), (MarkKey.probeY.stringValue, number($0.probeY)),
            ])
          })
      ),
      (
        Key.bars.stringValue,
        .array(
          bars.map {
            .object(
              [
                (Bar.CodingKeys.lane.stringValue, .string($0.lane)),
                (Bar.CodingKeys.kind.stringValue, .string($0.kind)),
              ]
                + rect($0.rect))
          })
      ),
      (
        Key.legend.stringValue,
        .array(
          legend.map { .object([(LegendEntry.CodingKeys.label.stringValue, .string($0.label))] + rect($0.swatch)) })
      ),
    ]
  }
}
