// TimelineRecorder: builds a TimelineModel from the demo's own events, the
// ones its JSON log holds — decisions, handler runs, lag, navigations, fence
// drops, settings — so the live view and a picture drawn from a log file
// show the same thing.

/// Turns the demo's events into a ``TimelineModel``.
///
/// The log says when each activation was made and judged, but not when a
/// gate finished; the recorder infers it. An accepted activation's gate is
/// busy until the last thing its handler did (its `action` line, a handler
/// lag's end, a navigation it caused), and the main loop's next dispatch (the
/// next decision or fenced press) shows the handler returned. An async load
/// holds the gate until its navigation (or refused navigation) is logged.
/// The interval follows from the settings. The fence is armed when a page
/// appears, for the transition and the settle delay, and stays armed while
/// it keeps dropping presses.
package struct TimelineRecorder: Sendable {
  /// The guard's maximum busy time: a gate never stays busy longer.
  package static let maxBusyMs = 10_000.0
  /// The fence's settle delay (``SpillOverFence``'s default).
  package static let fenceSettleMs = 300.0

  /// What was recorded so far.
  package private(set) var model: TimelineModel
  private var intervalMs = 500.0
  private var controlIntervals: [String: Double] = [:]
  private var transitionMs = 250.0
  private var fenceEnabled = true
  private var running: [String: RunningAction] = [:]
  private var fenceSpanStart: Double?

  /// An accepted action whose gate has not finished.
  private struct RunningAction: Sendable {
    var startMs: Double
    var lastSeenMs: Double
    var awaitsLoad = false
  }

  /// A recorder whose model shows `pinnedLanes` first.
  package init(pinnedLanes: [String] = []) {
    model = TimelineModel(pinnedLanes: pinnedLanes)
  }

  /// Forgets every record; the settings learnt so far stay.
  package mutating func clear() {
    let origin = model.originMs
    model = TimelineModel(pinnedLanes: model.controlLanes)
    model.originMs = origin
    running = [:]
    fenceSpanStart = nil
  }

  /// Forgets what ended before `cutoff` (ms).
  package mutating func removeRecords(before cutoff: Double) {
    model.removeRecords(before: cutoff)
  }

  /// Sets time zero of the axis labels.
  package mutating func setOrigin(_ ms: Double) {
    model.originMs = ms
  }

  /// Takes in `event`, logged at `ms`.
  package mutating func record(_ event: DemoEvent, at ms: Double) {
    expireLoads(at: ms)
    switch event {
    case .start(_, _, _, let options):
      if model.originMs == nil { model.originMs = ms }
      intervalMs = Double(options.intervalMs)
      transitionMs = Double(options.transitionMs)
      fenceEnabled = options.fenceEnabled
    case .setting(let name, let value):
      apply(setting: name, value)
    case .decision(let control, _, _, let outcome, let reason, _, _, let eventTime, _):
      finishHandlers()
      recordDecision(control: control, outcome: outcome, reason: reason, eventTime: eventTime, event: event, at: ms)
    case .action(let control, _):
      saw(control, until: ms)
    case .lag(let kind, let duration, let trigger):
      recordLag(kind: kind, duration: Double(duration), trigger: trigger, at: ms)
    case .navigation(let move, _, let to, _, _, let control):
      let label = move == "pop" ? "‹ \(to)" : to
      model.flags.append(TimelineFlag(atMs: ms, label: label, refused: false, detail: event.summary ?? ""))
      actionNavigated(control, at: ms)
      armFence(at: ms)
    case .navigationRefused(let reason, _, let control, _):
      model.flags.append(
        TimelineFlag(atMs: ms, label: "refused: \(reason)", refused: true, detail: event.summary ?? ""))
      actionNavigated(control, at: ms)
    case .fenceDrop(_, _, let eventTime):
      finishHandlers()
      if let eventTime { model.eventClock.observe(eventTime, processedMs: ms) }
      model.marks.append(
        TimelineMark(
          lane: TimelineLane.fenceID, outcome: .fenceDrop, eventTime: eventTime, processedMs: ms,
          detail: event.summary ?? ""))
      extendFence(pastDropAt: ms)
    default:
      if model.originMs == nil { model.originMs = ms }
    }
  }

  /// The interval of `control`: its own, or the global one.
  package func interval(of control: String) -> Double {
    controlIntervals[Self.tuningName(of: control)] ?? intervalMs
  }

  /// The name the controls panel tunes `control` under: every details page's
  /// buttons share `details-action` and `details-wishlist`.
  static func tuningName(of control: String) -> String {
    guard control.hasPrefix(DemoWidgets.detailsPage) else { return control }
    if control.hasSuffix("-action") { return DemoWidgets.detailsAction(page: DemoWidgets.detailsPage).name }
    if control.hasSuffix("-wishlist") { return DemoWidgets.detailsWishlist(page: DemoWidgets.detailsPage).name }
    return control
  }

  private mutating func recordDecision(
    control: String, outcome: String, reason: String?, eventTime: UInt32?, event: DemoEvent, at ms: Double
  ) {
    guard let kind = TimelineOutcome(outcome: outcome, reason: reason) else { return }
    if model.originMs == nil { model.originMs = ms }
    model.addLane(control)
    if let eventTime { model.eventClock.observe(eventTime, processedMs: ms) }
    model.marks.append(
      TimelineMark(lane: control, outcome: kind, eventTime: eventTime, processedMs: ms, detail: event.summary ?? ""))
    guard kind == .accepted else { return }
    // A gate accepts only when it is not busy: a leftover is stale.
    running[control] = nil
    running[control] = RunningAction(startMs: ms, lastSeenMs: ms)
    model.spans.append(TimelineSpan(lane: control, kind: .busy, startMs: ms, endMs: ms))
    model.spans.append(TimelineSpan(lane: control, kind: .window, startMs: ms, endMs: ms + interval(of: control)))
  }

  private mutating func recordLag(kind: String, duration: Double, trigger: String, at ms: Double) {
    guard let band = TimelineBand.Kind(rawValue: kind) else { return }
    model.bands.append(TimelineBand(kind: band, startMs: ms, endMs: ms + duration, trigger: trigger))
    switch band {
    case .handler: saw(trigger, until: ms + duration)
    case .async: awaitLoad(trigger)
    case .stall: break
    }
  }

  private mutating func apply(setting name: String, _ value: JSONValue) {
    switch (name, value) {
    case ("interval-ms", .int(let ms)): intervalMs = Double(ms)
    case ("transition-ms", .int(let ms)): transitionMs = Double(ms)
    case ("fence", .bool(let on)): fenceEnabled = on
    case ("control-settings", .object(let fields)):
      guard case .string(let control)? = fields.first(where: { $0.0 == "control" })?.1 else { return }
      if case .int(let ms)? = fields.first(where: { $0.0 == "interval_ms" })?.1 {
        controlIntervals[control] = Double(ms)
      } else {
        controlIntervals[control] = nil
      }
    default: break
    }
  }

  /// The main loop dispatched something new: every synchronous handler has
  /// returned, and its gate finished when it last did something.
  private mutating func finishHandlers() {
    running = running.filter { $0.value.awaitsLoad }
  }

  /// `control`'s handler was still running at `ms`: its gate finishes no
  /// earlier, and its interval starts no earlier.
  private mutating func saw(_ control: String, until ms: Double) {
    guard var action = running[control], !action.awaitsLoad, ms > action.lastSeenMs else { return }
    action.lastSeenMs = ms
    running[control] = action
    setEnd(of: control, startedAt: action.startMs, to: ms)
  }

  /// `control`'s handler started an async load that holds its gate.
  private mutating func awaitLoad(_ control: String) {
    guard running[control] != nil else { return }
    running[control]?.awaitsLoad = true
    let start = running[control]!.startMs
    if let busy = spanIndex(.busy, of: control, startedAt: start) { model.spans[busy].endMs = nil }
    if let window = spanIndex(.window, of: control, startedAt: start, after: true) { model.spans.remove(at: window) }
  }

  /// A navigation (or refused one) by `control`: its handler was still
  /// running, or its async load is done.
  private mutating func actionNavigated(_ control: String?, at ms: Double) {
    guard let control, let action = running[control] else { return }
    if action.awaitsLoad {
      running[control] = nil
      setEnd(of: control, startedAt: action.startMs, to: ms)
    } else {
      saw(control, until: ms)
    }
  }

  /// Async loads that outlived the maximum busy time end there.
  private mutating func expireLoads(at ms: Double) {
    for (control, action) in running where action.awaitsLoad && ms - action.startMs > Self.maxBusyMs {
      running[control] = nil
      setEnd(of: control, startedAt: action.startMs, to: action.startMs + Self.maxBusyMs)
    }
  }

  /// Ends the busy span of `control` that started at `start` at `end`, with
  /// the interval after it.
  private mutating func setEnd(of control: String, startedAt start: Double, to end: Double) {
    guard let busy = spanIndex(.busy, of: control, startedAt: start) else { return }
    model.spans[busy].endMs = end
    let window = TimelineSpan(lane: control, kind: .window, startMs: end, endMs: end + interval(of: control))
    if let index = spanIndex(.window, of: control, startedAt: start, after: true) {
      model.spans[index] = window
    } else {
      model.spans.append(window)
    }
  }

  /// The index of `control`'s `kind` span that starts at `start` (for the
  /// interval: the one that follows the busy span starting there).
  private func spanIndex(_ kind: TimelineSpan.Kind, of control: String, startedAt start: Double, after: Bool = false)
    -> Int?
  {
    if !after {
      return model.spans.lastIndex { $0.lane == control && $0.kind == kind && $0.startMs == start }
    }
    guard let busy = spanIndex(.busy, of: control, startedAt: start) else { return nil }
    return model.spans[(busy + 1)...].firstIndex { $0.lane == control && $0.kind == .window }
  }

  private mutating func armFence(at ms: Double) {
    guard fenceEnabled else { return }
    fenceSpanStart = ms
    model.spans.append(
      TimelineSpan(
        lane: TimelineLane.fenceID, kind: .fence, startMs: ms, endMs: ms + transitionMs + Self.fenceSettleMs))
  }

  /// A fenced press keeps the fence armed for the settle delay after it
  /// (the rest of a burst).
  private mutating func extendFence(pastDropAt ms: Double) {
    let until = ms + Self.fenceSettleMs
    if let start = fenceSpanStart,
      let index = model.spans.lastIndex(where: { $0.kind == .fence && $0.startMs == start })
    {
      model.spans[index].endMs = max(model.spans[index].endMs ?? until, until)
    } else {
      fenceSpanStart = ms
      model.spans.append(TimelineSpan(lane: TimelineLane.fenceID, kind: .fence, startMs: ms, endMs: until))
    }
  }
}
