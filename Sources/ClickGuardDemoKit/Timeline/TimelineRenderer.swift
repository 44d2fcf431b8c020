// TimelineRenderer: draws a TimelineModel with cairo into any cairo context —
// the live widget's `draw` handler and an offscreen image surface share it.

import CGtk
import ClickGuardGObject

/// Draws the timeline with cairo.
///
/// Back to front: lane stripes and titles, the time grid, injected-lag bands
/// across all lanes, busy / interval / fence bars, navigation lines and
/// flags, the lines from each click's event mark to its processing mark,
/// the marks, and the legend.
package enum TimelineRenderer {
  /// How opaque a busy bar is.
  static let busyAlpha = 0.85
  /// How opaque an interval bar's fill is.
  static let windowAlpha = 0.35
  /// How opaque a fence bar's fill is.
  static let fenceAlpha = 0.45

  /// Draws `model` as seen through `viewport` in a `width` × `height` area of
  /// `cairo` (user space origin at the area's top left).
  /// - Parameters:
  ///   - paused: says so in the axis row (a live view that stopped scrolling).
  ///   - title: a line on top (a picture's caption).
  /// - Returns: the layout it drew by.
  @discardableResult
  package static func draw(
    _ model: TimelineModel, viewport: TimelineViewport, theme: TimelineTheme, width: Double, height: Double,
    into cairo: OpaquePointer, paused: Bool = false, title: String? = nil
  ) -> TimelineLayout {
    let text = TimelineText(cairo: cairo)
    let layout = TimelineLayout(
      width: width, height: height, viewport: viewport, lanes: model.lanes, hasTitle: title != nil,
      measure: { text.width(of: $0) })
    cairo_save(cairo)
    cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
    setSource(cairo, theme.background)
    cairo_rectangle(cairo, 0, 0, width, height)
    cairo_fill(cairo)
    if let title {
      text.draw(
        title, x: layout.titleRect.x + 2, centerY: layout.titleRect.midY, color: theme.foreground,
        maxWidth: layout.titleRect.width - 4)
    }
    drawLanes(layout, theme: theme, text: text, into: cairo)
    let bandLabels = placeBandLabels(model, layout, text: text)
    drawGrid(
      layout, origin: model.originMs ?? viewport.startMs, avoiding: bandLabels.map(\.range), theme: theme, text: text,
      into: cairo)
    // Everything on the time axis is clipped to the plot.
    cairo_save(cairo)
    cairo_rectangle(
      cairo, layout.plot.x, layout.axis.y, layout.plot.width, layout.plot.maxY - layout.axis.y)
    cairo_clip(cairo)
    drawBands(model, layout, labels: bandLabels, theme: theme, text: text, into: cairo)
    drawSpans(model, layout, theme: theme, into: cairo)
    drawFlags(model, layout, theme: theme, text: text, into: cairo)
    drawMarks(model, layout, theme: theme, into: cairo)
    cairo_restore(cairo)
    drawLegend(layout, theme: theme, text: text, into: cairo)
    if paused {
      let label = localized("paused")
      text.draw(
        label, x: layout.plot.maxX - text.width(of: label) - 2, centerY: layout.axis.midY, color: theme.foreground)
    }
    cairo_restore(cairo)
    return layout
  }

  /// What a pixel of `kind`'s bar shows over `theme`'s background.
  static func barColor(_ kind: TimelineSpan.Kind, theme: TimelineTheme) -> GdkRGBA {
    let alpha =
      switch kind {
      case .busy: busyAlpha
      case .window: windowAlpha
      case .fence: fenceAlpha
      }
    return TimelineStyle.color(kind).withAlpha(alpha).over(theme.background)
  }

  /// Paints with `color` from now on.
  static func setSource(_ cairo: OpaquePointer, _ color: GdkRGBA) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
  }

  private static func drawLanes(
    _ layout: TimelineLayout, theme: TimelineTheme, text: TimelineText, into cairo: OpaquePointer
  ) {
    for (index, lane) in layout.lanes.enumerated() {
      let rect = layout.laneRect(index)
      if index % 2 == 1 {
        setSource(cairo, theme.laneStripe)
        cairo_rectangle(cairo, layout.gutter.x, rect.y, rect.maxX - layout.gutter.x, rect.height)
        cairo_fill(cairo)
      }
      if lane.kind != .control && layout.lanes.firstIndex(where: { $0.kind != .control }) == index {
        setSource(cairo, theme.grid)
        cairo_set_line_width(cairo, 1)
        cairo_move_to(cairo, layout.gutter.x, rect.y.rounded() + 0.5)
        cairo_line_to(cairo, rect.maxX, rect.y.rounded() + 0.5)
        cairo_stroke(cairo)
      }
      text.draw(
        lane.title, x: layout.gutter.x + 2, centerY: layout.markY(index), color: theme.foreground,
        maxWidth: layout.gutter.width - 8)
    }
  }

  private static func drawGrid(
    _ layout: TimelineLayout, origin: Double, avoiding taken: [ClosedRange<Double>], theme: TimelineTheme,
    text: TimelineText, into cairo: OpaquePointer
  ) {
    cairo_set_line_width(cairo, 1)
    for tick in layout.ticks(originMs: origin) {
      let x = tick.x.rounded() + 0.5
      setSource(cairo, theme.grid)
      cairo_move_to(cairo, x, layout.plot.y)
      cairo_line_to(cairo, x, layout.plot.maxY)
      cairo_stroke(cairo)
      // Nothing happens before time zero (the demo's start): no label there;
      // none under a lag band's label either.
      let half = text.width(of: tick.label) / 2 + 4
      if tick.ms >= origin && !taken.contains(where: { $0.overlaps((tick.x - half)...(tick.x + half)) }) {
        text.drawCentered(tick.label, centerX: tick.x, centerY: layout.axis.midY, color: theme.secondaryText)
      }
    }
    setSource(cairo, theme.grid)
    cairo_rectangle(cairo, layout.plot.x + 0.5, layout.plot.y + 0.5, layout.plot.width - 1, layout.plot.height - 1)
    cairo_stroke(cairo)
  }

  /// Where each band's label goes in the axis row, left to right; a label
  /// that would run into the previous one is left out.
  private static func placeBandLabels(_ model: TimelineModel, _ layout: TimelineLayout, text: TimelineText)
    -> [(label: String, range: ClosedRange<Double>)]
  {
    var placed: [(label: String, range: ClosedRange<Double>)] = []
    for band in model.bands.sorted(by: { $0.startMs < $1.startMs }) {
      let left = layout.x(band.startMs)
      guard max(layout.x(band.endMs), left + 2) >= layout.plot.x, left <= layout.plot.maxX else { continue }
      let x = max(left, layout.plot.x) + 3
      if let last = placed.last, x < last.range.upperBound + 6 { continue }
      placed.append((band.label, x...(x + text.width(of: band.label))))
    }
    return placed
  }

  private static func drawBands(
    _ model: TimelineModel, _ layout: TimelineLayout, labels: [(label: String, range: ClosedRange<Double>)],
    theme: TimelineTheme, text: TimelineText, into cairo: OpaquePointer
  ) {
    for band in model.bands {
      let left = layout.x(band.startMs)
      let right = max(layout.x(band.endMs), left + 2)
      guard right >= layout.plot.x, left <= layout.plot.maxX else { continue }
      // A stall or handler lag holds up everything; an async load only its
      // own control, whose lane it shades.
      let lane = band.kind.blocksMainLoop ? nil : layout.laneIndex(band.trigger).map(layout.laneRect)
      let rect = TimelineRect(
        x: left, y: lane?.y ?? layout.plot.y, width: right - left, height: lane?.height ?? layout.plot.height)
      drawBandSample(rect, hatched: band.kind.blocksMainLoop, theme: theme, into: cairo)
    }
    // The labels sit in the axis row, where no tick label was drawn.
    for (label, range) in labels {
      for paint in [theme.background, theme.bandFill] {
        setSource(cairo, paint)
        cairo_rectangle(
          cairo, range.lowerBound - 3, layout.axis.y, range.upperBound - range.lowerBound + 6, layout.axis.height)
        cairo_fill(cairo)
      }
      text.draw(label, x: range.lowerBound, centerY: layout.axis.midY, color: theme.foreground)
    }
  }

  private static func drawBandSample(
    _ rect: TimelineRect, hatched: Bool, theme: TimelineTheme, into cairo: OpaquePointer
  ) {
    setSource(cairo, theme.bandFill)
    cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
    cairo_fill(cairo)
    guard hatched else { return }
    cairo_save(cairo)
    cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(cairo)
    setSource(cairo, theme.bandHatch)
    cairo_set_line_width(cairo, 1)
    var x = rect.x - rect.height
    while x < rect.maxX {
      cairo_move_to(cairo, x, rect.maxY)
      cairo_line_to(cairo, x + rect.height, rect.y)
      x += 7
    }
    cairo_stroke(cairo)
    cairo_restore(cairo)
  }

  private static func drawSpans(
    _ model: TimelineModel, _ layout: TimelineLayout, theme: TimelineTheme, into cairo: OpaquePointer
  ) {
    for span in model.spans {
      if let bar = layout.bar(of: span) { drawBar(bar.rect, span.kind, theme: theme, into: cairo) }
    }
  }

  private static func drawBar(
    _ rect: TimelineRect, _ kind: TimelineSpan.Kind, theme: TimelineTheme, into cairo: OpaquePointer
  ) {
    setSource(cairo, barColor(kind, theme: theme))
    cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
    cairo_fill(cairo)
    guard kind != .busy else { return }
    // Intervals and the fence have an outline: told from busy bars by
    // pattern as well as by colour.
    setSource(cairo, TimelineStyle.color(kind))
    cairo_set_line_width(cairo, 1)
    cairo_rectangle(cairo, rect.x + 0.5, rect.y + 0.5, max(rect.width - 1, 0), max(rect.height - 1, 0))
    cairo_stroke(cairo)
  }

  private static func drawFlags(
    _ model: TimelineModel, _ layout: TimelineLayout, theme: TimelineTheme, text: TimelineText,
    into cairo: OpaquePointer
  ) {
    guard let lane = layout.laneIndex(TimelineLane.navigationID) else { return }
    let rect = layout.laneRect(lane)
    for flag in model.flags {
      let x = layout.x(flag.atMs).rounded() + 0.5
      guard x >= layout.plot.x - 60, x <= layout.plot.maxX else { continue }
      if !flag.refused {
        // Where the next page appeared, across every other lane.
        setSource(cairo, theme.foreground.withAlpha(0.4))
        cairo_set_line_width(cairo, 1)
        var dash: [Double] = [3, 3]
        cairo_set_dash(cairo, &dash, 2, 0)
        cairo_move_to(cairo, x, layout.plot.y)
        cairo_line_to(cairo, x, rect.y)
        cairo_stroke(cairo)
        cairo_set_dash(cairo, nil, 0, 0)
      }
      drawFlag(x: x, top: rect.y + 2, bottom: rect.maxY - 2, refused: flag.refused, theme: theme, into: cairo)
      text.draw(
        flag.label, x: x + 10, centerY: rect.midY, color: flag.refused ? theme.secondaryText : theme.foreground)
    }
  }

  private static func drawFlag(
    x: Double, top: Double, bottom: Double, refused: Bool, theme: TimelineTheme, into cairo: OpaquePointer
  ) {
    let color = refused ? theme.secondaryText : theme.foreground
    setSource(cairo, color)
    cairo_set_line_width(cairo, 1.5)
    cairo_move_to(cairo, x, top)
    cairo_line_to(cairo, x, bottom)
    cairo_stroke(cairo)
    cairo_move_to(cairo, x, top)
    cairo_line_to(cairo, x + 8, top + 3.5)
    cairo_line_to(cairo, x, top + 7)
    cairo_close_path(cairo)
    if refused {
      cairo_set_line_width(cairo, 1)
      cairo_stroke(cairo)
    } else {
      cairo_fill(cairo)
    }
  }

  private static func drawMarks(
    _ model: TimelineModel, _ layout: TimelineLayout, theme: TimelineTheme, into cairo: OpaquePointer
  ) {
    let placed = model.marks.compactMap { mark -> (TimelineMark, TimelineLayout.MarkPoints)? in
      guard let points = layout.points(of: mark, in: model) else { return nil }
      let inView = layout.isInPlot(x: points.processedX) || points.eventX.map { layout.isInPlot(x: $0) } == true
      return inView ? (mark, points) : nil
    }
    let r = layout.markRadius
    // The lag made visible: the click's own instant, joined to its judgement.
    for (mark, points) in placed {
      guard let eventX = points.eventX else { continue }
      let color = TimelineStyle.color(mark.outcome)
      setSource(cairo, color.withAlpha(0.75))
      cairo_set_line_width(cairo, 1.5)
      cairo_move_to(cairo, eventX, points.y)
      cairo_line_to(cairo, points.processedX, points.y)
      cairo_stroke(cairo)
      setSource(cairo, color)
      cairo_set_line_width(cairo, 2)
      cairo_move_to(cairo, eventX, points.y - r)
      cairo_line_to(cairo, eventX, points.y + r)
      cairo_stroke(cairo)
    }
    for (mark, points) in placed {
      drawGlyph(
        TimelineStyle.glyph(mark.outcome), x: points.processedX, y: points.y, radius: r,
        color: TimelineStyle.color(mark.outcome), theme: theme, into: cairo)
    }
  }

  /// Draws `glyph` centred on (`x`, `y`).
  static func drawGlyph(
    _ glyph: TimelineGlyph, x: Double, y: Double, radius r: Double, color: GdkRGBA, theme: TimelineTheme,
    into cairo: OpaquePointer
  ) {
    cairo_new_path(cairo)
    func strokes(_ segments: [(Double, Double, Double, Double)], width: Double) {
      // A halo in the background colour first, so crossing lines stay apart.
      cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
      for (paint, lineWidth) in [(theme.background, width + 2), (color, width)] {
        setSource(cairo, paint)
        cairo_set_line_width(cairo, lineWidth)
        for (x0, y0, x1, y1) in segments {
          cairo_move_to(cairo, x + x0, y + y0)
          cairo_line_to(cairo, x + x1, y + y1)
        }
        cairo_stroke(cairo)
      }
      cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
    }
    func filled(_ path: () -> Void) {
      path()
      setSource(cairo, color)
      cairo_fill_preserve(cairo)
      setSource(cairo, theme.markOutline)
      cairo_set_line_width(cairo, 1)
      cairo_stroke(cairo)
    }
    let diagonal = [(-r, -r, r, r), (-r, r, r, -r)]
    let upright = [(-r * 1.15, 0, r * 1.15, 0), (0, -r * 1.15, 0, r * 1.15)]
    switch glyph {
    case .dot:
      filled { cairo_arc(cairo, x, y, r, 0, 2 * Double.pi) }
    case .square:
      filled { cairo_rectangle(cairo, x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7) }
    case .cross:
      strokes(diagonal, width: 2.5)
    case .plus:
      strokes(upright, width: 2.5)
    case .asterisk:
      strokes(diagonal.map { ($0.0 * 0.85, $0.1 * 0.85, $0.2 * 0.85, $0.3 * 0.85) } + upright, width: 2)
    case .ring:
      setSource(cairo, theme.background)
      cairo_set_line_width(cairo, 4.5)
      cairo_arc(cairo, x, y, r - 1, 0, 2 * Double.pi)
      cairo_stroke(cairo)
      setSource(cairo, color)
      cairo_set_line_width(cairo, 2.5)
      cairo_arc(cairo, x, y, r - 1, 0, 2 * Double.pi)
      cairo_stroke(cairo)
    case .boxedCross:
      setSource(cairo, theme.background)
      cairo_rectangle(cairo, x - r, y - r, 2 * r, 2 * r)
      cairo_fill(cairo)
      setSource(cairo, color)
      cairo_set_line_width(cairo, 1.5)
      cairo_rectangle(cairo, x - r, y - r, 2 * r, 2 * r)
      cairo_stroke(cairo)
      let inner = r * 0.6
      setSource(cairo, color)
      cairo_set_line_width(cairo, 2)
      cairo_move_to(cairo, x - inner, y - inner)
      cairo_line_to(cairo, x + inner, y + inner)
      cairo_move_to(cairo, x - inner, y + inner)
      cairo_line_to(cairo, x + inner, y - inner)
      cairo_stroke(cairo)
    }
  }

  private static func drawLegend(
    _ layout: TimelineLayout, theme: TimelineTheme, text: TimelineText, into cairo: OpaquePointer
  ) {
    for entry in layout.legend {
      let swatch = entry.swatch
      switch entry.item {
      case .outcome(let outcome):
        drawGlyph(
          TimelineStyle.glyph(outcome), x: swatch.midX, y: swatch.midY, radius: 5, color: TimelineStyle.color(outcome),
          theme: theme, into: cairo)
      case .span(let kind):
        drawBar(
          TimelineRect(x: swatch.x, y: swatch.midY - 3, width: swatch.width, height: 6), kind, theme: theme, into: cairo
        )
      case .lag:
        drawBandSample(swatch, hatched: true, theme: theme, into: cairo)
      case .navigation:
        drawFlag(x: swatch.x + 6.5, top: swatch.y, bottom: swatch.maxY, refused: false, theme: theme, into: cairo)
      case .delay:
        let color = theme.foreground
        setSource(cairo, color)
        cairo_set_line_width(cairo, 2)
        cairo_move_to(cairo, swatch.x + 2, swatch.y + 1)
        cairo_line_to(cairo, swatch.x + 2, swatch.maxY - 1)
        cairo_stroke(cairo)
        cairo_set_line_width(cairo, 1.5)
        cairo_move_to(cairo, swatch.x + 2, swatch.midY)
        cairo_line_to(cairo, swatch.maxX - 5, swatch.midY)
        cairo_stroke(cairo)
        cairo_arc(cairo, swatch.maxX - 5, swatch.midY, 3.5, 0, 2 * Double.pi)
        cairo_fill(cairo)
      }
      text.draw(entry.item.text, x: entry.labelX, centerY: swatch.midY, color: theme.foreground)
    }
  }
}
