// TimelineSnapshot: the live timeline as last drawn — its area, the time it
// showed and where each mark, bar and legend entry went — logged as a
// `timeline` line after each screenshot, so a driver can check the picture
// at the positions the demo drew at.

/// Where the live timeline drew everything, in the coordinates of the
/// window's screenshot (origin at the toplevel window's top left).
public struct TimelineSnapshot: Sendable {
  /// A processing mark.
  public struct Mark: Sendable {
    /// Its lane.
    public let lane: String
    /// Its outcome (``TimelineOutcome`` raw value).
    public let outcome: String
    /// The glyph's centre.
    public let x: Double
    /// The glyph's centre.
    public let y: Double
    /// The event mark's x, when the activation had an event time.
    public let eventX: Double?
    /// A point where the glyph surely has its colour.
    public let probeX: Double
    /// A point where the glyph surely has its colour.
    public let probeY: Double
  }

  /// A span's bar.
  public struct Bar: Sendable {
    /// Its lane.
    public let lane: String
    /// ``TimelineSpan/Kind`` raw value.
    public let kind: String
    /// The bar's rectangle (clipped to the plot).
    public let rect: TimelineRect
  }

  /// A legend entry's sample.
  public struct LegendEntry: Sendable {
    /// The entry's label.
    public let label: String
    /// The sample's box.
    public let swatch: TimelineRect
  }

  /// Why it was logged (`screenshot`).
  public let reason: String
  /// The drawing area, in window coordinates.
  public let area: ScreenRect
  /// The time shown (`CLOCK_MONOTONIC` ms).
  public let viewport: TimelineViewport
  /// Where that time runs, left to right, in window coordinates.
  public let plot: TimelineRect
  /// Whether the view was paused.
  public let paused: Bool
  /// Each lane's id and the row its marks sit on.
  public let lanes: [(id: String, y: Double)]
  /// Every processing mark in view.
  public let marks: [Mark]
  /// Every bar in view.
  public let bars: [Bar]
  /// The legend.
  public let legend: [LegendEntry]

  /// The snapshot of `model` drawn by `layout` at `origin` (the area's top
  /// left in the window).
  public init(
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
    lanes = layout.lanes.enumerated().map { ($0.element.id, layout.markY($0.offset) + dy) }
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
      guard let lane = layout.laneIndex(span.lane) else { return nil }
      let end = span.endMs ?? min(layout.viewport.endMs, span.startMs + TimelineRecorder.maxBusyMs)
      return layout.barRect(lane: lane, from: span.startMs, to: end).map {
        Bar(lane: span.lane, kind: span.kind.rawValue, rect: moved($0))
      }
    }
    legend = layout.legend.map { LegendEntry(label: $0.item.label, swatch: moved($0.swatch)) }
  }

  /// The `timeline` line's fields.
  public var fields: [(String, JSONValue)] {
    func number(_ value: Double) -> JSONValue { .double((value * 10).rounded() / 10) }
    func rect(_ r: TimelineRect) -> [(String, JSONValue)] {
      [("x", number(r.x)), ("y", number(r.y)), ("width", number(r.width)), ("height", number(r.height))]
    }
    return [
      ("reason", .string(reason)), ("area", DemoEvent.json(area)),
      ("view_start_ms", .double(viewport.startMs)), ("view_end_ms", .double(viewport.endMs)),
      ("plot", .object(rect(plot))), ("paused", .bool(paused)),
      ("lanes", .array(lanes.map { .object([("id", .string($0.id)), ("y", number($0.y))]) })),
      (
        "marks",
        .array(
          marks.map {
            .object([
              ("lane", .string($0.lane)), ("outcome", .string($0.outcome)), ("x", number($0.x)), ("y", number($0.y)),
              ("event_x", $0.eventX.map(number) ?? .null), ("probe_x", number($0.probeX)),
              ("probe_y", number($0.probeY)),
            ])
          })
      ),
      (
        "bars",
        .array(bars.map { .object([("lane", .string($0.lane)), ("kind", .string($0.kind))] + rect($0.rect)) })
      ),
      ("legend", .array(legend.map { .object([("label", .string($0.label))] + rect($0.swatch)) })),
    ]
  }
}
