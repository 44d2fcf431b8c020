// A person's repeats (ClickGate's repeat rule): a control of a repeatable
// kind pressed again at a person's pace, after its action finished, still in
// place and with nothing fresh shown, acts each time; bounces, presses
// queued behind a stall, repeats after fresh content appeared or the control
// went away, and repeats of other controls are still dropped. Each case
// also runs with the guard off, where every press acts.

import Testing

@testable import ClickGuard

@MainActor
struct PersonRepeatTests {
  /// A key of a keypad, in place, in scene 1.
  static let key = RepeatFacts(isRepeatable: true, isInPlace: true, scene: 1)

  /// Presses on control 1 made `gaps` apart (ms, from the first), each
  /// processed when made unless `stallMs` holds the first action's finish,
  /// each action lasting `actionMs`; `facts(i)` describes press `i`.
  private func presses(
    gaps: [Int64], actionMs: Int64 = 5, stallMs: Int64 = 0, configuration: GuardConfiguration = GuardConfiguration(),
    settings: ControlSettings = ControlSettings(), source: ActivationSource = .user,
    facts: (Int) -> RepeatFacts? = { _ in key }
  ) -> [ClickDecision] {
    let h = Harness(configuration)
    var made: Int64 = 0
    var decisions: [ClickDecision] = []
    for (index, gap) in ([0] + gaps).enumerated() {
      made += gap
      h.at(max(made, h.nowNanoseconds / 1_000_000))
      var activation = h.activation(settings: settings, event: UInt32(10_000 + made), source: source)
      activation.repeatFacts = facts(index)
      let decision = h.dispatcher.begin(activation)
      decisions.append(decision)
      if decision.ticket != nil {
        h.advance(index == 0 ? max(actionMs, stallMs) : actionMs)
        h.finish(decision)
      }
    }
    return decisions
  }

  private static var off: GuardConfiguration {
    var configuration = GuardConfiguration()
    configuration.mode = .off
    return configuration
  }

  /// How many presses ran their action.
  private func runs(_ decisions: [ClickDecision]) -> Int {
    decisions.filter(\.runsAction).count
  }

  // MARK: Deliberate repeats act

  /// "0" clicked three times 150, 250 or 300 ms apart types three zeros:
  /// the second and third are a person's repeats; a plain button's repeats
  /// at the same pace stay within the interval, as before.
  @Test(arguments: [Int64(150), 250, 300])
  func aKeypadKeyPressedAgainActsEachTime(gapMs: Int64) {
    let repeated = presses(gaps: [gapMs, gapMs])
    #expect(repeated.map(\.outcome) == [.accepted, .accepted, .accepted])
    #expect(repeated.map(\.acceptance) == [nil, .personRepeat, .personRepeat])
    #expect(runs(presses(gaps: [gapMs, gapMs], configuration: Self.off)) == 3)
    let plain = presses(gaps: [gapMs]) { _ in nil }
    #expect(plain.map(\.outcome) == [.accepted, .dropped(.withinInterval)])
  }

  /// The facts are read at each press: a control's own `repeats = true`
  /// makes any control repeatable; the pace is the shortcut pace.
  @Test func aControlSetToRepeatActsAtAPersonsPace() {
    let plain = RepeatFacts(isRepeatable: false, isInPlace: true, scene: 1)
    let decisions = presses(gaps: [200, 200], settings: ControlSettings(repeats: true)) { _ in plain }
    #expect(decisions.map(\.outcome) == [.accepted, .accepted, .accepted])
    #expect(runs(presses(gaps: [200, 200], configuration: Self.off)) == 3)
  }

  /// A repeat after the window is an ordinary acceptance.
  @Test func aPressAfterTheWindowIsNoRepeat() {
    let decisions = presses(gaps: [900])
    #expect(decisions.map(\.acceptance) == [nil, nil])
    #expect(decisions.allSatisfy { $0.outcome == .accepted })
  }

  // MARK: Duplicates stay dropped

  /// A bounce, three presses 40 ms apart, types one digit.
  @Test func aBounceOnAKeyActsOnce() {
    #expect(presses(gaps: [40, 40]).map(\.outcome) == [.accepted, .dropped(.tooFast), .dropped(.tooFast)])
    #expect(runs(presses(gaps: [40, 40], configuration: Self.off)) == 3)
  }

  /// The pace is measured from the previous press, dropped or not: a
  /// bounce that goes on for longer than the pace still acts once.
  @Test func aLongBounceActsOnce() {
    let decisions = presses(gaps: Array(repeating: 60, count: 6))
    #expect(decisions.filter(\.runsAction).count == 1)
    #expect(runs(presses(gaps: Array(repeating: 60, count: 6), configuration: Self.off)) == 7)
  }

  /// The pace is measured between presses, not releases: a bounce of
  /// three presses 40 ms apart whose last release comes late acts once,
  /// and clicks pressed 150 ms apart act each time however long each is
  /// held. `clicks` are (press, release) ms; each acts on its release.
  @Test func thePaceIsMeasuredBetweenPresses() {
    func decisions(_ clicks: [(press: UInt32, release: UInt32)], configuration: GuardConfiguration) -> [ClickDecision] {
      let h = Harness(configuration)
      return clicks.map { click in
        h.at(Int64(click.release))
        var activation = h.activation(event: 10_000 + click.release, press: 10_000 + click.press)
        activation.repeatFacts = Self.key
        let decision = h.dispatcher.begin(activation)
        if decision.ticket != nil {
          h.advance(5)
          h.finish(decision)
        }
        return decision
      }
    }
    let bounce: [(press: UInt32, release: UInt32)] = [(0, 20), (40, 60), (80, 230)]
    #expect(
      decisions(bounce, configuration: GuardConfiguration()).map(\.outcome) == [
        .accepted, .dropped(.tooFast), .dropped(.tooFast),
      ])
    #expect(runs(decisions(bounce, configuration: Self.off)) == 3)
    let person: [(press: UInt32, release: UInt32)] = [(0, 100), (150, 160), (300, 400)]
    #expect(runs(decisions(person, configuration: GuardConfiguration())) == 3)
    #expect(runs(decisions(person, configuration: Self.off)) == 3)
  }

  /// Presses made while the first action held the main loop (1 s) are
  /// processed after it finished, but were made before: dropped, within
  /// the interval and, processed later still, by event time.
  @Test func pressesQueuedBehindAStallStayDropped() {
    let decisions = presses(gaps: [150, 150], stallMs: 1000)
    #expect(decisions.map(\.outcome) == [.accepted, .dropped(.withinInterval), .dropped(.withinInterval)])
    #expect(runs(presses(gaps: [150, 150], stallMs: 1000, configuration: Self.off)) == 3)
    let h = Harness()
    h.at(0)
    var first = h.activation(event: 10_000)
    first.repeatFacts = Self.key
    let accepted = h.dispatcher.begin(first)
    h.advance(1000)
    h.finish(accepted)
    h.at(1600)
    var queued = h.activation(event: 10_300)
    queued.repeatFacts = Self.key
    #expect(h.dispatcher.begin(queued).outcome == .dropped(.eventTime))
  }

  /// A press that finds fresh content (another scene) since the accepted
  /// one is a repeat of something that opened a window or a page: dropped,
  /// and the gate learns it, so its next bursts act once too.
  @Test func freshContentKeepsTheWindowAndIsLearned() {
    let h = Harness()
    func press(at ms: Int64, scene: UInt64) -> ClickDecision {
      h.at(ms)
      var activation = h.activation(event: UInt32(10_000 + ms))
      activation.repeatFacts = RepeatFacts(isRepeatable: true, isInPlace: true, scene: scene)
      let decision = h.dispatcher.begin(activation)
      if decision.ticket != nil {
        h.advance(5)
        h.finish(decision)
      }
      return decision
    }
    #expect(press(at: 0, scene: 1).outcome == .accepted)
    #expect(press(at: 250, scene: 2).outcome == .dropped(.withinInterval))
    // Later, in the new scene: a fresh burst, then a repeat in the same scene.
    #expect(press(at: 3000, scene: 2).outcome == .accepted)
    #expect(press(at: 3250, scene: 2).outcome == .dropped(.withinInterval))
    let without = presses(gaps: [250], configuration: Self.off) { RepeatFacts(isRepeatable: true, scene: UInt64($0)) }
    #expect(runs(without) == 2)
  }

  /// A control that is gone (its dialog closed) or insensitive after its
  /// action: its repeat is dropped.
  @Test func aControlNoLongerInPlaceKeepsTheWindow() {
    let gone = presses(gaps: [250]) { RepeatFacts(isRepeatable: true, isInPlace: $0 == 0, scene: 1) }
    #expect(gone.map(\.outcome) == [.accepted, .dropped(.withinInterval)])
    #expect(runs(presses(gaps: [250], configuration: Self.off)) == 2)
  }

  /// A double-click on a button of no repeatable kind (Send, Save, Open)
  /// acts once.
  @Test func aDoubleClickOnAnotherButtonActsOnce() {
    let plain = RepeatFacts(isRepeatable: false, isInPlace: true, scene: 1)
    #expect(presses(gaps: [180]) { _ in plain }.map(\.outcome) == [.accepted, .dropped(.withinInterval)])
    #expect(runs(presses(gaps: [180], configuration: Self.off)) == 2)
  }

  /// A key still held through the accepted press (its auto-repeat) is
  /// that press: no repeat, so the window drops it, and event time once
  /// the window is over.
  @Test func aHeldKeyActsOnce() {
    let h = Harness()
    h.at(0)
    var first = h.activation(event: 10_000, press: 9_700)
    first.repeatFacts = Self.key
    let accepted = h.dispatcher.begin(first)
    h.advance(5)
    h.finish(accepted)
    h.at(300)
    var held = h.activation(event: 10_300, press: 9_700)
    held.repeatFacts = Self.key
    #expect(h.dispatcher.begin(held).outcome == .dropped(.withinInterval))
    h.at(600)
    held.eventTime = EventTimestamp(milliseconds: 10_400)
    #expect(h.dispatcher.begin(held).outcome == .dropped(.eventTime))
  }

  /// Without an event time nothing says the press came after the action:
  /// the window holds.
  @Test func aPressWithoutAnEventTimeKeepsTheWindow() {
    let h = Harness()
    h.at(0)
    var activation = h.activation()
    activation.repeatFacts = Self.key
    let first = h.dispatcher.begin(activation)
    h.advance(5)
    h.finish(first)
    h.at(250)
    #expect(h.dispatcher.begin(activation).outcome == .dropped(.withinInterval))
  }

  // MARK: Settings override

  /// `repeats = false` on the control, or the configuration's switch off,
  /// keeps the window for a keypad key.
  @Test func repeatsCanBeSwitchedOff() {
    let byControl = presses(gaps: [250], settings: ControlSettings(repeats: false))
    #expect(byControl.map(\.outcome) == [.accepted, .dropped(.withinInterval)])
    var configuration = GuardConfiguration()
    configuration.acceptsPersonRepeats = false
    #expect(
      presses(gaps: [250], configuration: configuration).map(\.outcome) == [.accepted, .dropped(.withinInterval)])
    // The control's own setting wins over the configuration's.
    let forced = presses(gaps: [250], configuration: configuration, settings: ControlSettings(repeats: true))
    #expect(forced.map(\.outcome) == [.accepted, .accepted])
  }

  /// The bounce profile keeps its stricter pace (300 ms) for every press,
  /// keys included.
  @Test func theBounceProfileStaysStricter() {
    let bounce = GuardConfiguration(profile: .bounce)
    #expect(presses(gaps: [150], configuration: bounce).map(\.outcome) == [.accepted, .dropped(.tooFast)])
    #expect(presses(gaps: [350], configuration: bounce).map(\.outcome) == [.accepted, .accepted])
  }
}
