// TimelineLayout: where everything goes — time to x, lanes to rows, the axis,
// the legend — for a timeline of a given size. Pure arithmetic: the renderer
// draws by it, hover finds marks by it, tests read pixels where it says.

/// The timeline's geometry for one size, range and set of lanes.
package struct TimelineLayout: Sendable {
  /// One entry of the legend, placed.
  package struct LegendEntry: Sendable {
    /// What it explains.
    let item: TimelineLegendItem
    /// The box its sample (glyph, bar, band, flag) is drawn in.
    let swatch: TimelineRect
    /// Where its label starts (left edge, vertical centre).
    let labelX: Double
  }

  /// A mark's place: its event mark (if it had a timestamp), its processing
  /// mark, and their row.
  package struct MarkPoints: Sendable {
    /// The event mark's x, when the activation had an event time.
    let eventX: Double?
    /// The processing mark's x.
    let processedX: Double
    /// The row both sit on.
    package let y: Double
  }

  /// The whole area's width.
  package let width: Double
  /// The whole area's height.
  package let height: Double
  /// The time shown.
  let viewport: TimelineViewport
  /// The lanes, top to bottom.
  let lanes: [TimelineLane]
  /// Where the title goes (empty when there is none).
  let titleRect: TimelineRect
  /// Where the tick labels go (above the plot).
  let axis: TimelineRect
  /// Where time runs: the lanes right of the gutter.
  let plot: TimelineRect
  /// Where the lane titles go (left of the plot).
  let gutter: TimelineRect
  /// Each lane's height.
  let laneHeight: Double
  /// A processing mark's radius.
  let markRadius: Double
  /// The legend's entries, placed below the plot.
  package let legend: [LegendEntry]

  /// The gap at the area's edges.
  static let padding = 6.0
  /// The tallest a lane gets when there is room.
  static let maximumLaneHeight = 26.0
  /// The axis row's height.
  static let axisHeight = 16.0
  /// A legend row's height.
  static let legendRowHeight = 16.0
  /// The title row's height, when there is a title.
  static let titleHeight = 18.0
  /// The widest the gutter gets.
  static let maximumGutterWidth = 150.0

  /// Lays out a timeline.
  /// - Parameters:
  ///   - width: the area's width in pixels.
  ///   - height: the area's height in pixels.
  ///   - viewport: the time shown.
  ///   - lanes: the lanes, top to bottom.
  ///   - legend: the legend's entries, in order.
  ///   - hasTitle: whether a title row goes on top (pictures have one).
  ///   - measure: a label's width in pixels (the renderer measures with
  ///     Pango; the default estimates 6.5 px a character).
  package init(
    width: Double, height: Double, viewport: TimelineViewport, lanes: [TimelineLane],
    legend: [TimelineLegendItem] = TimelineLegendItem.all, hasTitle: Bool = false,
    measure: (String) -> Double = { Double($0.count) * 6.5 }
  ) {
    self.width = width
    self.height = height
    self.viewport = viewport
    self.lanes = lanes
    let pad = Self.padding
    // The legend wraps into as many rows as the width needs.
    var entries: [LegendEntry] = []
    var x = pad
    var row = 0
    let swatchWidth = 22.0
    for item in legend {
      let entryWidth = swatchWidth + 4 + measure(item.text) + 14
      if x + entryWidth > width - pad && x > pad {
        row += 1
        x = pad
      }
      entries.append(
        LegendEntry(
          item: item, swatch: TimelineRect(x: x, y: Double(row) * Self.legendRowHeight, width: swatchWidth, height: 12),
          labelX: x + swatchWidth + 4))
      x += entryWidth
    }
    let legendHeight = legend.isEmpty ? 0 : Double(row + 1) * Self.legendRowHeight
    let title = hasTitle ? Self.titleHeight : 0
    titleRect = TimelineRect(x: pad, y: pad, width: max(width - 2 * pad, 0), height: title)
    let available = max(height - 2 * pad - title - Self.axisHeight - legendHeight - 4, 0)
    let count = Double(max(lanes.count, 1))
    laneHeight = min(Self.maximumLaneHeight, available / count)
    let gutterWidth = min(Self.maximumGutterWidth, max(width * 0.16, 60))
    let top = pad + title + Self.axisHeight
    gutter = TimelineRect(x: pad, y: top, width: gutterWidth, height: laneHeight * count)
    plot = TimelineRect(
      x: pad + gutterWidth, y: top, width: max(width - 2 * pad - gutterWidth, 1), height: laneHeight * count)
    axis = TimelineRect(x: plot.x, y: pad + title, width: plot.width, height: Self.axisHeight)
    markRadius = min(max(laneHeight * 0.26, 2.5), 5.5)
    let legendTop = plot.maxY + 4
    self.legend = entries.map { entry in
      var swatch = entry.swatch
      swatch.y += legendTop + (Self.legendRowHeight - swatch.height) / 2
      return LegendEntry(item: entry.item, swatch: swatch, labelX: entry.labelX)
    }
  }

  /// The x of the instant `ms` (outside the plot when `ms` is outside the
  /// viewport).
  package func x(_ ms: Double) -> Double {
    plot.x + (ms - viewport.startMs) / viewport.durationMs * plot.width
  }

  /// The instant at `x`.
  package func milliseconds(atX x: Double) -> Double {
    viewport.startMs + (x - plot.x) / plot.width * viewport.durationMs
  }

  /// The index of the lane `id`, if shown.
  func laneIndex(_ id: String) -> Int? {
    lanes.firstIndex { $0.id == id }
  }

  /// The rectangle of lane `index` across the plot.
  func laneRect(_ index: Int) -> TimelineRect {
    TimelineRect(x: plot.x, y: plot.y + Double(index) * laneHeight, width: plot.width, height: laneHeight)
  }

  /// The row marks sit on in lane `index`.
  func markY(_ index: Int) -> Double {
    plot.y + Double(index) * laneHeight + laneHeight * 0.40
  }

  /// The bar of a span from `startMs` to `endMs` on lane `index`, clipped to
  /// the plot (at least 2 px wide), or `nil` when it is out of view.
  func barRect(lane index: Int, from startMs: Double, to endMs: Double) -> TimelineRect? {
    let left = max(x(startMs), plot.x)
    let right = min(max(x(endMs), x(startMs) + 2), plot.maxX)
    guard right > left else { return nil }
    let top = plot.y + Double(index) * laneHeight + laneHeight * 0.68
    return TimelineRect(x: left, y: top, width: right - left, height: max(3, laneHeight * 0.2))
  }

  /// The bar of `span` and the time it is drawn to (a running span: the
  /// view's end, at most its limit), or `nil` when it is out of view.
  func bar(of span: TimelineSpan) -> (rect: TimelineRect, endMs: Double)? {
    guard let lane = laneIndex(span.lane) else { return nil }
    let end = span.endMs ?? min(viewport.endMs, span.limitMs ?? viewport.endMs)
    return barRect(lane: lane, from: span.startMs, to: end).map { ($0, end) }
  }

  /// Where `mark` of `model` goes, or `nil` when its lane is not shown.
  package func points(of mark: TimelineMark, in model: TimelineModel) -> MarkPoints? {
    guard let lane = laneIndex(mark.lane) else { return nil }
    return MarkPoints(eventX: model.eventMs(of: mark).map(x), processedX: x(mark.processedMs), y: markY(lane))
  }

  /// Whether the x `px` lies in the plot (with a mark's radius of slack).
  func isInPlot(x px: Double) -> Bool {
    px >= plot.x - markRadius && px <= plot.maxX + markRadius
  }

  /// The grid's ticks: instants at round steps from `originMs`, with labels
  /// in seconds since it, at least 70 px apart.
  func ticks(originMs: Double) -> [(ms: Double, x: Double, label: String)] {
    let steps: [Double] = [100, 200, 250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000]
    let step = steps.first { $0 / viewport.durationMs * plot.width >= 70 } ?? steps[steps.count - 1]
    let decimals = step < 1000 ? (step.truncatingRemainder(dividingBy: 100) == 0 ? 1 : 2) : 0
    var index = ((viewport.startMs - originMs) / step).rounded(.up)
    var result: [(ms: Double, x: Double, label: String)] = []
    while originMs + index * step <= viewport.endMs {
      let ms = originMs + index * step
      result.append((ms, x(ms), TimelineFormat.seconds(ms - originMs, decimals: decimals)))
      index += 1
    }
    return result
  }
}
