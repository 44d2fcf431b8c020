// TimelineView: the live click timeline under the demo's pages — a
// GtkDrawingArea drawn by TimelineRenderer, a scrolling time axis with zoom,
// Pause and Clear, hover showing a mark's log line, and an accessible
// description summarising what is in view.

import CGtk
import ClickGuardGObject
import ClickGuardGtk

/// The demo's live timeline.
///
/// Nothing happens on the click path beyond appending the event to a list:
/// a 100 ms main-loop timer turns the new events into the model and queues a
/// redraw, and stops redrawing once nothing in view moves.
@MainActor
final class TimelineView {
  /// What one redraw shows.
  private struct Frame {
    var model: TimelineModel
    var viewport: TimelineViewport
    var paused: Bool
  }

  /// The last frame drawn in full, and the layout it was drawn by.
  private struct Drawn {
    var frame: Frame
    var layout: TimelineLayout
  }

  /// How often the view scrolls (ms).
  static let tickMs = 100
  /// How far back a live view keeps records (ms): a little over the longest
  /// zoom.
  static let keepMs = Double(TimelineViewport.longestSeconds + 5) * 1000
  /// The lanes shown before anything happens.
  static let pinnedLanes = [
    DemoWidgets.openDetails.name, DemoWidgets.openDetailsUnguarded.name, DemoWidgets.openDetailsAction.name,
  ]

  /// The box holding the toolbar and the drawing area.
  let root: WidgetPointer
  /// The drawing area.
  let area: WidgetPointer
  private let secondsSpin: WidgetPointer
  private let pauseButton: WidgetPointer
  private let clearButton: WidgetPointer
  private let log: DemoLog
  private var recorder = TimelineRecorder(pinnedLanes: pinnedLanes)
  private var pending: [(DemoEvent, Double)] = []
  private var seconds = TimelineViewport.defaultSeconds
  private var frame: Frame
  private var drawn: Drawn?
  private var tooltip: String?
  private var accessibleDescription = ""
  private var ticks = 0

  /// Builds the timeline, records every event `log` reports from now on,
  /// and starts its redraw timer. `startMs` is time zero of the axis (the
  /// log pane's too).
  init(log: DemoLog, startMs: Double) {
    self.log = log
    recorder.setOrigin(startMs)
    frame = Frame(
      model: recorder.model, viewport: .live(endingAt: ProcessClock.monotonicMs(), seconds: seconds), paused: false)
    root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
    let toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
    let title = gtk_label_new(localized("Click timeline"))!
    gtk_style_context_add_class(gtk_widget_get_style_context(title), "cg-heading")
    let hint = gtk_label_new(
      localized("each click: a tick when it was made, a mark when it was judged; hover a mark for its log line"))!
    gtk_style_context_add_class(gtk_widget_get_style_context(hint), "dim-label")
    gtk_label_set_ellipsize(hint.cast(), PANGO_ELLIPSIZE_END)
    gtk_widget_set_hexpand(hint, 1)
    gtk_label_set_xalign(hint.cast(), 0)
    let secondsLabel = gtk_label_new(localized("Window (s)"))!
    secondsSpin = gtk_spin_button_new_with_range(
      Double(TimelineViewport.shortestSeconds), Double(TimelineViewport.longestSeconds), 1)
    gtk_spin_button_set_value(secondsSpin.cast(), Double(TimelineViewport.defaultSeconds))
    pauseButton = gtk_toggle_button_new_with_label(localized("Pause"))
    clearButton = gtk_button_new_with_label(localized("Clear"))
    for widget in [title, hint, secondsLabel, secondsSpin, pauseButton, clearButton] {
      gtk_box_pack_start(toolbar.cast(), widget, widget == hint ? 1 : 0, widget == hint ? 1 : 0, 0)
    }
    gtk_style_context_add_class(gtk_widget_get_style_context(toolbar), "cg-compact")
    gtk_widget_set_margin_start(toolbar, 12)
    gtk_widget_set_margin_end(toolbar, 12)
    area = gtk_drawing_area_new()
    gtk_widget_set_size_request(area, -1, 120)
    gtk_widget_set_vexpand(area, 1)
    gtk_widget_add_events(area, Int32(bitPattern: GDK_POINTER_MOTION_MASK.rawValue | GDK_LEAVE_NOTIFY_MASK.rawValue))
    gtk_box_pack_start(root.cast(), toolbar, 0, 0, 0)
    gtk_box_pack_start(root.cast(), area, 1, 1, 0)
    if let accessible = gtk_widget_get_accessible(area) {
      atk_object_set_description(
        accessible, frame.model.summary(from: frame.viewport.startMs, to: frame.viewport.endMs))
    }
    connect()
  }

  /// The timeline's widgets by their names in ``DemoWidgets/timelineWidgets``.
  var namedWidgets: [(WidgetPointer, DemoWidget)] {
    zip([area, secondsSpin, pauseButton, clearButton], DemoWidgets.timelineWidgets).map { ($0, $1) }
  }

  /// The `timeline` event for the frame on screen now, in the coordinates of
  /// `toplevel`'s screenshot; `nil` before the first draw.
  func snapshot(reason: String, in toplevel: WidgetPointer) -> DemoEvent? {
    guard let drawn else { return nil }
    var x: Int32 = 0
    var y: Int32 = 0
    guard gtk_widget_translate_coordinates(area, toplevel, 0, 0, &x, &y) != 0 else { return nil }
    return .timeline(
      TimelineSnapshot(
        reason: reason, model: drawn.frame.model, layout: drawn.layout, origin: (Int(x), Int(y)),
        paused: drawn.frame.paused))
  }

  private func connect() {
    log.addListener { [weak self] event, ms in
      // The click path: append, nothing more.
      if TimelineRecorder.draws(event) { self?.pending.append((event, ms)) }
    }
    Signal.connect(
      area.raw, "draw",
      withArgument: { [weak self] _, cairo in
        guard let self, let cairo else { return 0 }
        self.draw(OpaquePointer(cairo))
        return 0
      })
    Signal.connect(
      area.raw, "motion-notify-event",
      withArgument: { [weak self] _, event in
        guard let self, let event else { return 0 }
        var x = 0.0
        var y = 0.0
        if gdk_event_get_coords(event.assumingMemoryBound(to: GdkEvent.self), &x, &y) != 0 { self.hover(x: x, y: y) }
        return 0
      })
    Signal.connect(
      area.raw, "leave-notify-event",
      withArgument: { [weak self] _, _ in
        self?.setTooltip(nil)
        return 0
      })
    Signal.connect(pauseButton.raw, "toggled") { [weak self] button in
      guard let self else { return }
      let paused = gtk_toggle_button_get_active(button.assumingMemoryBound(to: GtkToggleButton.self)) != 0
      self.log.record(.setting(name: "timeline-paused", value: .bool(paused)))
      self.frame.paused = paused
      self.refresh(force: true)
    }
    Signal.connect(clearButton.raw, "clicked") { [weak self] _ in
      guard let self else { return }
      self.recorder.clear()
      self.pending.removeAll()
      self.frame.model = self.recorder.model
      self.refresh(force: true)
    }
    Signal.connect(secondsSpin.raw, "value-changed") { [weak self] spin in
      guard let self else { return }
      self.seconds = Int(gtk_spin_button_get_value_as_int(spin.assumingMemoryBound(to: GtkSpinButton.self)))
      self.log.record(.setting(name: "timeline-seconds", value: .number(self.seconds)))
      self.refresh(force: true)
    }
    MainLoop.every(ms: Self.tickMs) { [weak self] in
      self?.refresh(force: false)
      return self != nil
    }
  }

  /// Takes in the events logged since the last tick and, unless paused,
  /// scrolls and redraws when anything in view moves.
  private func refresh(force: Bool) {
    let hadNews = !pending.isEmpty
    for (event, ms) in pending { recorder.record(event, at: ms) }
    pending.removeAll(keepingCapacity: true)
    let now = ProcessClock.monotonicMs()
    ticks += 1
    if ticks % 50 == 0 { recorder.removeRecords(before: now - Self.keepMs) }
    let model = recorder.model
    if frame.paused {
      // Frozen in time; a zoom still applies around the frozen right edge.
      guard force else { return }
      frame.model = model
      frame.viewport = .live(endingAt: frame.viewport.endMs, seconds: seconds)
    } else {
      let viewport = TimelineViewport.live(endingAt: now, seconds: seconds)
      let lastInstant = model.extent?.end ?? -Double.infinity
      let moving = lastInstant >= viewport.startMs - 1000 || model.spans.contains { $0.endMs == nil }
      guard force || hadNews || moving else { return }
      frame.model = model
      frame.viewport = viewport
    }
    gtk_widget_queue_draw(area)
    describe()
  }

  /// Keeps the accessible description saying what is in view.
  private func describe() {
    let text = frame.model.summary(from: frame.viewport.startMs, to: frame.viewport.endMs)
    guard text != accessibleDescription, let accessible = gtk_widget_get_accessible(area) else { return }
    accessibleDescription = text
    atk_object_set_description(accessible, text)
  }

  private func draw(_ cairo: OpaquePointer) {
    let width = Double(gtk_widget_get_allocated_width(area))
    let height = Double(gtk_widget_get_allocated_height(area))
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 0.0
    var y2 = 0.0
    cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
    // A partial redraw (something over part of the area) repaints the frame
    // already on screen, so the picture stays one frame.
    let whole = x1 <= 0 && y1 <= 0 && x2 >= width && y2 >= height
    let sameSize = drawn.map { $0.layout.width == width && $0.layout.height == height } ?? false
    let shown = !whole && sameSize ? drawn!.frame : frame
    let layout = TimelineRenderer.draw(
      shown.model, viewport: shown.viewport, theme: theme(), width: width, height: height, into: cairo,
      paused: shown.paused)
    drawn = Drawn(frame: shown, layout: layout)
  }

  /// The GTK theme's text colour and view background.
  private func theme() -> TimelineTheme {
    let context = gtk_widget_get_style_context(area)
    var foreground = GdkRGBA()
    gtk_style_context_get_color(context, gtk_style_context_get_state(context), &foreground)
    let text = foreground.withAlpha(1)
    var base = GdkRGBA()
    if gtk_style_context_lookup_color(context, "theme_base_color", &base) != 0 {
      return TimelineTheme(background: base.withAlpha(1), foreground: text)
    }
    return text.lightness > 0.5 ? TimelineTheme(background: TimelineTheme.dark.background, foreground: text) : .light
  }

  /// Shows the log line of the mark (or flag, or lag) under the pointer.
  private func hover(x: Double, y: Double) {
    guard let drawn else { return }
    setTooltip(TimelineHitTest.describe(x: x, y: y, model: drawn.frame.model, layout: drawn.layout))
  }

  private func setTooltip(_ text: String?) {
    guard text != tooltip else { return }
    tooltip = text
    gtk_widget_set_tooltip_text(area, text)
  }
}
