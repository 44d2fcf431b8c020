// Shared helpers for the core tests: millisecond shorthands, a virtual-time
// harness around ClickDispatcher + ManualClock, a decision recorder and an
// async latch.

import ClickGuardTestSupport
import Testing

@testable import ClickGuard

extension ClickInterval {
  /// `ms` milliseconds (tests pass sane values, so no validation).
  static func ms(_ ms: Int64) -> ClickInterval {
    ClickInterval(unchecked: .milliseconds(ms))
  }

  /// `ns` nanoseconds, for sub-millisecond rounding tests.
  static func ns(_ ns: Int64) -> ClickInterval {
    ClickInterval(unchecked: .nanoseconds(ns))
  }

  /// `nanoseconds` nanoseconds, unvalidated.
  init(uncheckedNanoseconds nanoseconds: Int64) {
    self.init(unchecked: .nanoseconds(nanoseconds))
  }

  /// The length in nanoseconds.
  var nanoseconds: Int64 { duration.nanoseconds }
}

extension ClickInstant {
  /// The instant `ms` milliseconds after the origin.
  static func ms(_ ms: Int64) -> ClickInstant {
    ClickInstant(sinceOrigin: .milliseconds(ms))
  }

  /// The instant `nanoseconds` after the origin.
  init(nanoseconds: Int64) {
    self.init(sinceOrigin: .nanoseconds(nanoseconds))
  }

  /// Nanoseconds since the origin.
  var nanoseconds: Int64 { sinceOrigin.nanoseconds }
}

extension ManualClock.Instant {
  /// The instant `ms` milliseconds after the clock's origin.
  static func ms(_ ms: Int64) -> ManualClock.Instant {
    ManualClock.Instant(offset: .milliseconds(ms))
  }

  /// The instant `nanoseconds` after the clock's origin.
  init(nanoseconds: Int64) {
    self.init(offset: .nanoseconds(nanoseconds))
  }

  /// Nanoseconds since the clock's origin.
  var nanoseconds: Int64 { offset.nanoseconds }
}

/// A dispatcher on a manual clock, with shorthands for clicking a control at
/// a virtual instant.
@MainActor
final class Harness {
  let clock = ManualClock()
  let dispatcher: ClickDispatcher

  init(_ configuration: GuardConfiguration = GuardConfiguration()) {
    dispatcher = ClickDispatcher(configuration: configuration, clock: ClickClock(clock))
  }

  /// The clock, in nanoseconds.
  var nowNanoseconds: Int64 { clock.now.nanoseconds }

  /// Moves the clock to `ms` milliseconds (never backwards).
  func at(_ ms: Int64) {
    at(nanoseconds: ms * 1_000_000)
  }

  /// Moves the clock to `nanoseconds` (never backwards).
  func at(nanoseconds: Int64) {
    precondition(nanoseconds >= nowNanoseconds, "test moved the clock backwards")
    clock.advance(to: ManualClock.Instant(nanoseconds: nanoseconds))
  }

  /// Moves the clock forward by `ms` milliseconds.
  func advance(_ ms: Int64) {
    clock.advance(by: .milliseconds(ms))
  }

  /// An activation of `control`, made by an event at `event` by a key that
  /// went down at `press`.
  func activation(
    _ control: UInt = 1, action: ActionName = .clicked, kind: ControlKind = .button,
    settings: ControlSettings = ControlSettings(), event: UInt32? = nil, press: UInt32? = nil,
    source: ActivationSource = .user
  ) -> Activation {
    Activation(
      control: ControlID(control), action: action, kind: kind, settings: settings,
      eventTime: event.map { EventTimestamp(milliseconds: $0) },
      pressTime: press.map { EventTimestamp(milliseconds: $0) },
      source: source)
  }

  /// Judges a click now; an accepted action stays running until `finish`.
  @discardableResult
  func click(
    _ control: UInt = 1, action: ActionName = .clicked, kind: ControlKind = .button,
    settings: ControlSettings = ControlSettings(), event: UInt32? = nil, press: UInt32? = nil,
    source: ActivationSource = .user
  ) -> ClickDecision {
    dispatcher.begin(
      activation(control, action: action, kind: kind, settings: settings, event: event, press: press, source: source))
  }

  /// Judges a click now whose action (if accepted) finishes at once.
  @discardableResult
  func tap(
    _ control: UInt = 1, action: ActionName = .clicked, kind: ControlKind = .button,
    settings: ControlSettings = ControlSettings(), event: UInt32? = nil, press: UInt32? = nil
  ) -> ClickOutcome {
    let decision = click(control, action: action, kind: kind, settings: settings, event: event, press: press)
    if let ticket = decision.ticket { dispatcher.finish(ticket) }
    return decision.outcome
  }

  /// Finishes the accepted action of `decision` now.
  @discardableResult
  func finish(_ decision: ClickDecision) -> Bool {
    guard let ticket = decision.ticket else {
      Issue.record("decision \(decision.outcome) has no ticket")
      return false
    }
    return dispatcher.finish(ticket)
  }
}

/// Collects what observers are told.
@MainActor
final class Recorder<Value> {
  var values: [Value] = []
  func append(_ value: Value) { values.append(value) }
}

/// A one-shot gate an async test body can wait on.
@MainActor
final class Latch {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    let pending = waiters
    waiters = []
    for waiter in pending { waiter.resume() }
  }
}
