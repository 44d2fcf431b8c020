// The lag scenarios in virtual time, played on a simulated main loop: a fast
// burst, a stall then a burst, a slow handler, an async action, and clicks
// processed further apart than they were made. ClickDispatcher must accept
// exactly one action in each; the literal models of the classic approaches
// (ClassicApproachModels.swift) must let a duplicate through in the last three
// and, as a check on the models, behave in the first two.

import ClickGuardTestSupport
import Testing

@testable import ClickGuard

/// One click: when the person made it (its event time) and the earliest
/// moment the main loop can process it, in virtual milliseconds.
struct ScenarioClick: Sendable {
  var madeAt: Int64
  var deliveredAt: Int64
}

/// A lag shape.
struct LagScenario: Sendable, CustomTestStringConvertible {
  var name: String
  var clicks: [ScenarioClick]
  /// How long an accepted action's handler blocks the main loop (ms).
  var handlerMs: Int64 = 0
  /// When set, the action is async: its handler returns at once and its work
  /// completes this many milliseconds after it started.
  var asyncWorkMs: Int64?

  var testDescription: String { name }

  /// (1) Five clicks 80 ms apart, processed as they come.
  static let burst = LagScenario(
    name: "burst of 5 clicks 80 ms apart",
    clicks: stride(from: 0, through: 320, by: 80).map { ScenarioClick(madeAt: $0, deliveredAt: $0) },
    handlerMs: 20)

  /// (2) The main loop is stalled for 1.5 s; five clicks made during the stall
  /// are delivered together when it ends.
  static let stallThenBurst = LagScenario(
    name: "main loop stalled 1.5 s, then a burst",
    clicks: stride(from: 0, through: 1200, by: 300).map { ScenarioClick(madeAt: $0, deliveredAt: 1500) },
    handlerMs: 20)

  /// (3) The handler itself runs 1.5 s; clicks every 150 ms meanwhile queue up
  /// and are processed when it returns, with their own event times.
  static let slowHandler = LagScenario(
    name: "handler lasting 1.5 s, clicks every 150 ms meanwhile",
    clicks: stride(from: 0, through: 1350, by: 150).map { ScenarioClick(madeAt: $0, deliveredAt: $0) },
    handlerMs: 1500)

  /// (4) An async action (a page load) completes after 1.5 s; the person
  /// clicks again, twice in quick succession, while nothing seems to happen.
  static let asyncLoad = LagScenario(
    name: "async action completing after 1.5 s, clicks during the wait",
    clicks: [0, 150, 300, 900, 1050, 1200].map { ScenarioClick(madeAt: $0, deliveredAt: $0) },
    asyncWorkMs: 1500)

  /// (5) Clicks 100 ms apart by their event times, processed 700 ms apart.
  static let processedApart = LagScenario(
    name: "clicks 100 ms apart processed 700 ms apart",
    clicks: [0, 1, 2].map { ScenarioClick(madeAt: $0 * 100, deliveredAt: $0 * 700) })

  static let all = [burst, stallThenBurst, slowHandler, asyncLoad, processedApart]
  /// The shapes the classic approaches handle.
  static let classicOK = [burst, stallThenBurst]
  /// The shapes where the classic approaches let a duplicate through.
  static let classicBreaks = [slowHandler, asyncLoad, processedApart]
}

/// Plays `scenario` on one simulated main loop: inputs are processed in
/// order, each no earlier than it is delivered and no earlier than the loop is
/// free; before each input the loop runs async completions and timers that
/// are due. Returns the instants (ms) at which an action was accepted.
@MainActor
func play<Model: SimulatedGuard>(_ scenario: LagScenario, on model: inout Model) -> [Int64] {
  var now: Int64 = 0
  var completions: [Int64] = []
  var accepted: [Int64] = []
  for click in scenario.clicks {
    let freeSince = now
    now = max(now, click.deliveredAt)
    for due in completions.sorted() where due <= now {
      model.actionDone(now: max(due, freeSince))
    }
    completions.removeAll { $0 <= now }
    model.mainLoopTurn(now: now)
    guard model.activate(now: now, madeAt: click.madeAt) else { continue }
    accepted.append(now)
    if let work = scenario.asyncWorkMs {
      completions.append(now + work)
    } else {
      now += scenario.handlerMs
      model.actionDone(now: now)
    }
  }
  return accepted
}

/// ClickDispatcher on a manual clock, driven by the simulated main loop; the
/// clicks carry their event times from `eventBase` on, or none when it is
/// `nil`.
@MainActor
struct DispatcherModel: SimulatedGuard {
  let clock = ManualClock()
  let dispatcher: ClickDispatcher
  let eventBase: UInt32?
  var running: ClickTicket?

  init(intervalMs: Int64, eventBase: UInt32?) throws {
    dispatcher = ClickDispatcher(
      configuration: try GuardConfiguration(interval: .ms(intervalMs)), clock: ClickClock(clock))
    self.eventBase = eventBase
  }

  mutating func mainLoopTurn(now: Int64) {
    clock.advance(to: .ms(now))
  }

  mutating func activate(now: Int64, madeAt: Int64) -> Bool {
    clock.advance(to: .ms(now))
    let eventTime = eventBase.map { EventTimestamp(milliseconds: $0).adding(milliseconds: madeAt) }
    let decision = dispatcher.begin(Activation(control: ControlID(1), eventTime: eventTime))
    if let ticket = decision.ticket { running = ticket }
    return decision.runsAction
  }

  mutating func actionDone(now: Int64) {
    clock.advance(to: .ms(now))
    if let ticket = running {
      dispatcher.finish(ticket)
      running = nil
    }
  }
}

@MainActor
struct LagScenarioTests {
  nonisolated static let intervalMs: Int64 = 500
  /// An ordinary event clock, and one that wraps past 2^32 mid-scenario.
  nonisolated static let eventBases: [UInt32] = [4_000_000, UInt32.max - 700]

  @Test(arguments: LagScenario.all, eventBases)
  func dispatcherAcceptsExactlyOne(scenario: LagScenario, eventBase: UInt32) throws {
    var model = try DispatcherModel(intervalMs: Self.intervalMs, eventBase: eventBase)
    let accepted = play(scenario, on: &model)
    #expect(accepted.count == 1, "accepted at \(accepted) ms")
    #expect(model.dispatcher.totals.accepted == 1)
    #expect(model.dispatcher.totals.dropped == scenario.clicks.count - 1)
  }

  @Test(arguments: [LagScenario.burst, .stallThenBurst, .slowHandler, .asyncLoad])
  func dispatcherAcceptsExactlyOneWithoutEventTimes(scenario: LagScenario) throws {
    // Only (5) needs the events' own times; the others hold on processing
    // time alone (a keyboard activation or a synthesized click has none).
    var model = try DispatcherModel(intervalMs: Self.intervalMs, eventBase: nil)
    let accepted = play(scenario, on: &model)
    #expect(accepted.count == 1, "accepted at \(accepted) ms")
  }

  @Test func dispatcherDropsForTheExpectedReasons() throws {
    func reasons(_ scenario: LagScenario) throws -> DecisionCounters {
      var model = try DispatcherModel(intervalMs: Self.intervalMs, eventBase: 4_000_000)
      _ = play(scenario, on: &model)
      return model.dispatcher.totals
    }
    #expect(try reasons(.slowHandler).droppedWithinInterval == 9)
    #expect(try reasons(.asyncLoad).droppedBusy == 5)
    #expect(try reasons(.processedApart).droppedEventTime == 2)
    #expect(try reasons(.stallThenBurst).droppedWithinInterval == 4)
  }

  @Test(arguments: LagScenario.classicBreaks)
  func classicTimestampLetsADuplicateThrough(scenario: LagScenario) {
    var model = ClassicTimestampModel(intervalMs: Self.intervalMs)
    let accepted = play(scenario, on: &model)
    #expect(accepted.count > 1, "accepted at \(accepted) ms")
  }

  @Test(arguments: LagScenario.classicBreaks)
  func classicTimerFlagLetsADuplicateThrough(scenario: LagScenario) {
    var model = ClassicTimerFlagModel(intervalMs: Self.intervalMs)
    let accepted = play(scenario, on: &model)
    #expect(accepted.count > 1, "accepted at \(accepted) ms")
  }

  @Test(arguments: LagScenario.classicOK)
  func classicApproachesHandleBurstsAsThePriorArtSays(scenario: LagScenario) {
    var timestamp = ClassicTimestampModel(intervalMs: Self.intervalMs)
    var timerFlag = ClassicTimerFlagModel(intervalMs: Self.intervalMs)
    #expect(play(scenario, on: &timestamp).count == 1)
    #expect(play(scenario, on: &timerFlag).count == 1)
  }

  @Test func classicTimestampKeepsAControlDeadUnderContinuousTapping() throws {
    // Prior art: storing the stamp on drops keeps a control dead while the
    // person taps faster than the interval; ClickDispatcher reopens.
    let tapping = LagScenario(
      name: "tapping every 100 ms for 3 s",
      clicks: stride(from: 0, through: 3000, by: 100).map { ScenarioClick(madeAt: $0, deliveredAt: $0) })
    var timestamp = ClassicTimestampModel(intervalMs: Self.intervalMs)
    #expect(play(tapping, on: &timestamp) == [0])
    var dispatcher = try DispatcherModel(intervalMs: Self.intervalMs, eventBase: 4_000_000)
    #expect(play(tapping, on: &dispatcher) == [0, 500, 1000, 1500, 2000, 2500, 3000])
  }

  @Test func classicTimerFlagHonoursItsOptOut() {
    var model = ClassicTimerFlagModel(intervalMs: Self.intervalMs)
    model.ignoreClickInterval = true
    #expect(play(.burst, on: &model).count == LagScenario.burst.clicks.count)
  }
}
