// TimelineRecorder: builds a TimelineModel from the demo's own events, the
// ones its JSON log holds — decisions, gate transitions, lag, navigations,
// fence drops, settings — so the live view and a picture drawn from a log
// file show the same thing.

import ClickGuard
import ClickGuardGObject

/// Turns the demo's events into a ``TimelineModel``.
///
/// The gates' busy and interval bars come from the `gate` lines, the
/// dispatcher's own transitions (``GateTransition``): a busy bar from
/// `accepted` to `finished` (or `expired`), the interval after it until the
/// window ends. The fence is armed when a page appears, for the transition
/// and the settle delay, and stays armed while it keeps dropping presses.
package struct TimelineRecorder: Sendable {
  /// The fence's settle delay (``SpillOverFence``'s default).
  static let fenceSettleMs = Double(SpillOverFence.defaultSettle.milliseconds)

  /// What was recorded so far.
  package private(set) var model: TimelineModel
  private var transitionMs = 250.0
  private var fenceEnabled = true
  private var fenceSpanStart: Double?

  /// A recorder whose model shows `pinnedLanes` first.
  package init(pinnedLanes: [String] = []) {
    model = TimelineModel(pinnedLanes: pinnedLanes)
  }

  /// Forgets every record; the settings learnt so far stay.
  mutating func clear() {
    let origin = model.originMs
    model = TimelineModel(pinnedLanes: model.controlLanes)
    model.originMs = origin
    fenceSpanStart = nil
  }

  /// Forgets what ended before `cutoff` (ms).
  mutating func removeRecords(before cutoff: Double) {
    model.removeRecords(before: cutoff)
  }

  /// Sets time zero of the axis labels.
  mutating func setOrigin(_ ms: Double) {
    model.originMs = ms
  }

  /// Whether the timeline draws `event` (the live view and a picture from a
  /// log take in these, and skip the rest).
  package static func draws(_ event: DemoEvent) -> Bool {
    switch event {
    case .start, .decision, .gate, .lag, .navigation, .navigationRefused, .fenceDrop, .setting: true
    default: false
    }
  }

  /// Takes in `event`, logged at `ms`.
  package mutating func record(_ event: DemoEvent, at ms: Double) {
    switch event {
    case .start(_, _, _, let options):
      if model.originMs == nil { model.originMs = ms }
      transitionMs = Double(options.transitionMs)
      fenceEnabled = options.fenceEnabled
    case .setting("transition-ms", .int(let value)):
      transitionMs = Double(value)
    case .setting("fence", .bool(let on)):
      fenceEnabled = on
    case .decision(let control, _, _, let outcome, let reason, _, _, let eventTime, _):
      guard let kind = TimelineOutcome(outcome: outcome, reason: reason) else { return }
      if model.originMs == nil { model.originMs = ms }
      model.addLane(control)
      if let eventTime { model.eventClock.observe(eventTime, processedMs: ms) }
      model.marks.append(
        TimelineMark(lane: control, outcome: kind, eventTime: eventTime, processedMs: ms, detail: event.summary ?? ""))
    case .gate(let control, let transition, _, let at, let until):
      recordGate(control: control, transition: transition, at: at, until: until)
    case .lag(let kind, let duration, let trigger):
      guard let band = TimelineBand.Kind(rawValue: kind) else { return }
      model.bands.append(TimelineBand(kind: band, startMs: ms, endMs: ms + Double(duration), trigger: trigger))
    case .navigation(let move, _, let to, _, _, _):
      let label = move == "pop" ? "‹ \(to)" : to
      model.flags.append(TimelineFlag(atMs: ms, label: label, refused: false, detail: event.summary ?? ""))
      armFence(at: ms)
    case .navigationRefused(let reason, _, _, _):
      model.flags.append(
        TimelineFlag(
          atMs: ms, label: localized("refused: {reason}").filling(["reason": reason]), refused: true,
          detail: event.summary ?? ""))
    case .fenceDrop(_, _, let eventTime):
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

  /// A gate transition: `accepted` opens a busy bar (to `until` at the
  /// latest), `finished` ends it with the interval after it, `expired` ends
  /// it with no interval.
  private mutating func recordGate(control: String, transition: String, at: Double, until: Double?) {
    let busy = model.spans.lastIndex { $0.lane == control && $0.kind == .busy && $0.endMs == nil }
    switch GateTransition.Kind(rawValue: transition) {
    case .accepted:
      if let busy { model.spans[busy].endMs = at }
      model.addLane(control)
      model.spans.append(TimelineSpan(lane: control, kind: .busy, startMs: at, endMs: nil, limitMs: until))
    case .finished:
      guard let busy else { return }
      model.spans[busy].endMs = at
      if let until, until > at {
        model.spans.append(TimelineSpan(lane: control, kind: .window, startMs: at, endMs: until))
      }
    case .expired:
      if let busy { model.spans[busy].endMs = at }
    case .dropped, nil:
      break
    }
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
