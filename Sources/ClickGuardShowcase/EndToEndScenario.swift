// EndToEndScenario: the mission proved the way a person meets it.
// Each scenario is real input on the real demo binary, run twice: with
// ClickGuard on it must act once; with it off it must show the duplicate,
// or the scenario proves nothing.

import ClickGuardDemoKit

/// Which run of a scenario: ClickGuard as shipped, or switched off.
package enum GuardSide: String, Sendable, CaseIterable {
  /// The demo's defaults: the guard enforces, the spill-over fence is on.
  case on = "guard on"
  /// What the scenario switches off (see ``EndToEndScenario/offFlags``).
  case off = "guard off"
}

/// One step of a scenario's input, sent through XTEST (xdotool) as a
/// person's mouse and keyboard would send it.
package enum InputStep: Sendable, CustomStringConvertible {
  /// `count` clicks of button 1 on the centre of `control`, `delayMs` apart.
  case clicks(control: String, count: Int, delayMs: Int)
  /// One click on each of `controls` in turn, `rounds` times over, `gapMs`
  /// from one click to the next.
  case alternate(controls: [String], rounds: Int, gapMs: Int)
  /// Gives the demo's window the X input focus, then holds `key` (an X
  /// keysym name: `Return`, `space`) down for `ms` on the focused `control`.
  case holdKey(key: String, ms: Int, control: String)
  /// Waits until `page` is on top and laid out (its `page-shown` line), then
  /// `settleMs` more.
  case waitForPage(page: String, settleMs: Int)

  package var description: String {
    switch self {
    case .clicks(let control, let count, let delayMs):
      return count == 1 ? "1 click on \(control)" : "\(count) clicks on \(control), \(delayMs) ms apart"
    case .alternate(let controls, let rounds, let gapMs):
      return "\(controls.joined(separator: " / ")) in turn ×\(rounds), \(gapMs) ms apart"
    case .holdKey(let key, let ms, let control):
      return "\(key) held \(ms) ms on the focused \(control)"
    case .waitForPage(let page, let settleMs):
      return "wait for '\(page)' + \(settleMs) ms"
    }
  }
}

/// What a scenario's guard-off run switches off.
package struct OffFlags: Hashable, Sendable, CustomStringConvertible {
  /// `--no-guard`: the dispatcher's mode is `off`, every click runs.
  var guardOff: Bool
  /// `--no-fence`: the navigator's spill-over fence is off.
  var fenceOff: Bool

  /// Nothing of ClickGuard: the naive app.
  static let everything = OffFlags(guardOff: true, fenceOff: true)
  /// Only the spill-over fence; the per-control guard stays on.
  static let fenceOnly = OffFlags(guardOff: false, fenceOff: true)

  package var description: String {
    [guardOff ? "--no-guard" : nil, fenceOff ? "--no-fence" : nil].compactMap { $0 }.joined(separator: " ")
  }
}

/// One scenario of the end-to-end proof.
package struct EndToEndScenario: Sendable {
  /// Its number in docs/scenarios.md (`1`…`9`, `6a`/`6b`).
  package let id: String
  /// A short name for the table.
  package let name: String
  /// What it is, with its parameters.
  package let title: String
  /// The demo's options with ClickGuard on (lag, transition, deferral).
  package let options: DemoOptions
  /// What the guard-off run switches off.
  let offFlags: OffFlags
  /// The input of the guard-on run.
  package let input: [InputStep]
  /// The input of the guard-off run, when it is bounded to keep the run
  /// short; `nil`: the same as ``input``.
  let offInput: [InputStep]?
  /// How long the log must stay quiet after the input before the outcome is
  /// read: longer than any lag the scenario injects.
  package let quietMs: Int
  /// Whether the guard-off run is a reference the guard-on run must match
  /// (stateful controls, different controls) rather than a run that must
  /// show a duplicate.
  var isReferenceWhenOff = false
  /// Whether "Add to cart" runs count as spill-over: not when the scenario
  /// clicks it on purpose.
  package var countsSpillOver = true
  /// What each run must show: the problems found (empty: it passed).
  package let check: @Sendable (GuardSide, ScenarioOutcome) -> [String]
  /// The scenario's own measure for the table (GAction runs, toggles, …).
  let detail: @Sendable (ScenarioOutcome) -> String

  /// The demo's options for `side`.
  package func options(for side: GuardSide) -> DemoOptions {
    var options = self.options
    if side == .off {
      if offFlags.guardOff { options.guardEnabled = false }
      if offFlags.fenceOff { options.fenceEnabled = false }
    }
    return options
  }

  /// The input for `side`.
  package func input(for side: GuardSide) -> [InputStep] {
    side == .off ? offInput ?? input : input
  }

  /// A file-name-safe name.
  package var slug: String {
    "e2e-\(id)"
  }
}

extension EndToEndScenario {
  private static let open = DemoWidgets.openDetails.name
  private static let openAction = DemoWidgets.openDetailsAction.name
  private static let cart = DemoWidgets.detailsAction(page: DemoWidgets.detailsPage).name
  private static let wishlist = DemoWidgets.detailsWishlist(page: DemoWidgets.detailsPage).name
  private static let toggleControls = [DemoWidgets.notificationsSwitch.name, DemoWidgets.rememberCheck.name]

  private static func options(_ body: (inout DemoOptions) -> Void) -> DemoOptions {
    var options = DemoOptions()
    body(&options)
    return options
  }

  /// Guard on: exactly one navigation and no spill-over. Guard off: the
  /// duplicate `offShows` names.
  private static func oneNavigation(
    offShows duplicate: Duplicate
  ) -> @Sendable (GuardSide, ScenarioOutcome) -> [String] {
    { side, outcome in
      var problems: [String] = []
      switch side {
      case .on:
        if outcome.navigations != 1 { problems.append("guard on: \(outcome.navigations) navigations, expected 1") }
        if outcome.spillOver != 0 {
          problems.append("guard on: \(outcome.spillOver) spill-over activations (Add to cart), expected 0")
        }
        if outcome.inputsSeen < 2 {
          problems.append("guard on: the demo saw \(outcome.inputsSeen) inputs; the repeats never reached it")
        }
      case .off:
        if !duplicate.isShown(by: outcome) {
          problems.append("guard off: no duplicate (\(duplicate.description)) — the scenario would prove nothing")
        }
      }
      return problems
    }
  }

  /// How often `control`'s handler ran (`what` ran), and the guard's drops
  /// by reason.
  private static func handlerDetail(
    _ control: String, what: String = "handler"
  ) -> @Sendable (ScenarioOutcome) -> String {
    { outcome in
      let drops = outcome.dropReasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
      return "\(what) ran \(outcome.runs(of: control))×"
        + (drops.isEmpty ? "" : "; dropped: " + drops.joined(separator: ", "))
    }
  }

  /// The duplicate a guard-off run must show.
  private enum Duplicate: CustomStringConvertible {
    /// More than one navigation.
    case navigations
    /// More than one navigation, or the next page's button fired.
    case navigationsOrSpillOver
    /// The next page's button fired.
    case spillOver
    /// More than one action from one held key.
    case actions
    /// The GtkActionable button's GAction ran more than once.
    case gActionRuns

    func isShown(by outcome: ScenarioOutcome) -> Bool {
      switch self {
      case .navigations: outcome.navigations > 1
      case .navigationsOrSpillOver: outcome.navigations > 1 || outcome.spillOver > 0
      case .spillOver: outcome.spillOver > 0
      case .actions: outcome.totalActions > 1
      case .gActionRuns: outcome.runs(of: EndToEndScenario.openAction) > 1
      }
    }

    var description: String {
      switch self {
      case .navigations: "navigations > 1"
      case .navigationsOrSpillOver: "navigations > 1 or spill-over > 0"
      case .spillOver: "spill-over > 0"
      case .actions: "actions > 1"
      case .gActionRuns: "GAction activations > 1"
      }
    }
  }

  /// 1. A burst of 5 clicks 80 ms apart, no lag. The page changes under the
  /// pointer within a frame, so the duplicate is spill-over.
  package static let burst = EndToEndScenario(
    id: "1", name: "Burst", title: "Burst: 5 clicks 80 ms apart, no lag", options: DemoOptions(), offFlags: .everything,
    input: [.clicks(control: open, count: 5, delayMs: 80)], offInput: nil, quietMs: 1000,
    check: oneNavigation(offShows: .navigationsOrSpillOver), detail: handlerDetail(open))

  /// 2. The main loop stalls 1.5 s on the first press; 5 more clicks land
  /// during the stall. The page switch is deferred to the next main-loop
  /// turn, as in apps that navigate from an idle or a `Task`.
  package static let stall = EndToEndScenario(
    id: "2", name: "Stalled main loop", title: "Stalled main loop: 1.5 s stall, 5 clicks during it",
    options: options {
      $0.stallMs = 1500
      $0.navigateLater = true
      $0.transitionMs = 0
    }, offFlags: .everything,
    input: [.clicks(control: open, count: 6, delayMs: 200)], offInput: nil, quietMs: 1200,
    check: oneNavigation(offShows: .navigations), detail: handlerDetail(open))

  /// 3. The handler itself takes 1.5 s; clicks every 150 ms for 1.5 s. The
  /// guard-off run sends 3 clicks: each queued click reruns the 1.5 s
  /// handler in the naive app, so 10 would freeze it for 15 s.
  package static let slowHandler = EndToEndScenario(
    id: "3", name: "Slow handler",
    title: "Slow handler: handler lag 1.5 s, interval 0.5 s, clicks every 150 ms for 1.5 s",
    options: options {
      $0.handlerLagMs = 1500
      $0.intervalMs = 500
      $0.navigateLater = true
      $0.transitionMs = 0
    }, offFlags: .everything,
    input: [.clicks(control: open, count: 10, delayMs: 150)],
    offInput: [.clicks(control: open, count: 3, delayMs: 150)], quietMs: 2200,
    check: oneNavigation(offShows: .navigations), detail: handlerDetail(open))

  /// 4. The handler navigates after a 1.5 s simulated load; clicks during
  /// the wait.
  package static let asyncLoad = EndToEndScenario(
    id: "4", name: "Async load", title: "Async load: navigation after a 1.5 s load, clicks during the wait",
    options: options {
      $0.asyncMs = 1500
      $0.transitionMs = 0
    }, offFlags: .everything,
    input: [.clicks(control: open, count: 6, delayMs: 200)], offInput: nil, quietMs: 2200,
    check: oneNavigation(offShows: .navigations), detail: handlerDetail(open))

  /// 5. Clicking the spot of "Open details" for 3 s, handler lag 1 s, slide
  /// transition: "Add to cart" at that spot must never fire. Off: the fence
  /// only, to show the per-control guard cannot see clicks that land on
  /// another control.
  package static let spillOver = EndToEndScenario(
    id: "5", name: "Spill-over", title: "Spill-over: clicking the spot for 3 s, handler lag 1 s, slide transition",
    options: options {
      $0.handlerLagMs = 1000
      $0.transitionMs = 250
    }, offFlags: .fenceOnly,
    input: [.clicks(control: open, count: 30, delayMs: 100)], offInput: nil, quietMs: 1700,
    check: oneNavigation(offShows: .spillOver), detail: handlerDetail(open))

  /// 6a. Enter held 2 s on the focused "Open details".
  package static let keyboardEnter = heldKey("6a", "Return", "Enter")
  /// 6b. Space held 2 s on the focused "Open details".
  package static let keyboardSpace = heldKey("6b", "space", "Space")

  private static func heldKey(_ id: String, _ key: String, _ name: String) -> EndToEndScenario {
    EndToEndScenario(
      id: id, name: "Keyboard: \(name) held", title: "Keyboard: \(name) held 2 s on the focused button",
      options: DemoOptions(),
      offFlags: .everything, input: [.holdKey(key: key, ms: 2000, control: open)], offInput: nil, quietMs: 1000,
      check: oneNavigation(offShows: .actions),
      detail: { outcome in "\(outcome.totalActions) action\(outcome.totalActions == 1 ? "" : "s") from one key" })
  }

  /// 7. The switch and the check button toggled fast (below the interval):
  /// stateful controls are not throttled by default, so every toggle takes
  /// effect and each widget ends in the state the app was told last. The
  /// guard-off run is the reference: guard on must do exactly what it does.
  /// The switch's clicks are 300 ms apart because GtkSwitch itself merges
  /// clicks that come during its 100 ms animation (measured: 5 clicks 80 ms
  /// apart toggle it once, guard or not).
  package static let toggles = EndToEndScenario(
    id: "7", name: "Switch + check toggled fast",
    title: "Switch and check button toggled fast (5 clicks each, 300 / 100 ms apart)",
    options: DemoOptions(), offFlags: .everything,
    input: [
      .clicks(control: DemoWidgets.notificationsSwitch.name, count: 5, delayMs: 300),
      .clicks(control: DemoWidgets.rememberCheck.name, count: 5, delayMs: 100),
    ], offInput: nil, quietMs: 800, isReferenceWhenOff: true,
    check: { side, outcome in
      var problems: [String] = []
      for control in toggleControls {
        let states = outcome.toggles[control] ?? []
        if states != [true, false, true, false, true] {
          problems.append("\(side.rawValue): \(control) toggled \(states), expected every one of 5 clicks to toggle")
        }
        let shown = outcome.finalLayout?.widgets[control]?.active
        if shown != states.last {
          problems.append(
            "\(side.rawValue): \(control) shows \(shown.map(String.init) ?? "nothing") but the app was told "
              + "\(states.last.map(String.init) ?? "nothing")")
        }
      }
      if outcome.dropped != 0 { problems.append("\(side.rawValue): \(outcome.dropped) toggles dropped, expected 0") }
      return problems
    },
    detail: { outcome in
      toggleControls.map { control in
        let states = outcome.toggles[control] ?? []
        let shown = outcome.finalLayout?.widgets[control]?.active
        return "\(control == DemoWidgets.notificationsSwitch.name ? "switch" : "check") \(states.count)/5 → "
          + "\(shown.map { $0 ? "on" : "off" } ?? "?")"
      }.joined(separator: ", ")
    })

  /// 8. Two different guarded buttons clicked in turn, each click 400 ms
  /// after the other (within one 500 ms interval), each button's own clicks
  /// 800 ms apart (beyond it): every click acts. A single shared gate would
  /// drop every other click. The guard-off run is the reference.
  package static let twoButtons = EndToEndScenario(
    id: "8", name: "Two guarded buttons",
    title: "Two guarded buttons clicked alternately (Add to cart / Add to wishlist, 400 ms apart)",
    options: DemoOptions(), offFlags: .everything,
    input: [
      .clicks(control: open, count: 1, delayMs: 0),
      .waitForPage(page: DemoWidgets.detailsPage, settleMs: 700),
      .alternate(controls: [cart, wishlist], rounds: 3, gapMs: 400),
    ], offInput: nil, quietMs: 800, isReferenceWhenOff: true, countsSpillOver: false,
    check: { side, outcome in
      var problems: [String] = []
      for control in [cart, wishlist] where outcome.runs(of: control) != 3 {
        problems.append(
          "\(side.rawValue): \(control) acted \(outcome.runs(of: control)) times, expected 3 (one per click)")
      }
      if outcome.navigations != 1 {
        problems.append("\(side.rawValue): \(outcome.navigations) navigations, expected 1 (the way in)")
      }
      let gaps = outcome.gaps(between: [cart, wishlist])
      if side == .on, !gaps.contains(where: { $0 < 500 }) {
        problems.append("guard on: no two clicks on different buttons came within the 500 ms interval (\(gaps) ms)")
      }
      return problems
    },
    detail: { outcome in
      let gaps = outcome.gaps(between: [cart, wishlist])
      let range = gaps.isEmpty ? "" : ", clicks \(gaps.min() ?? 0)–\(gaps.max() ?? 0) ms apart"
      return "cart \(outcome.runs(of: cart)), wishlist \(outcome.runs(of: wishlist))\(range)"
    })

  /// 9. A burst on the GtkActionable button: its GAction runs once. The
  /// action loads for 1 s before it navigates, so the button stays under
  /// the pointer for the whole burst.
  package static let gAction = EndToEndScenario(
    id: "9", name: "GtkActionable burst",
    title: "GtkActionable button burst: 5 clicks 80 ms apart, the GAction loads 1 s",
    options: options {
      $0.asyncMs = 1000
      $0.transitionMs = 0
    }, offFlags: .everything,
    input: [.clicks(control: openAction, count: 5, delayMs: 80)], offInput: nil, quietMs: 1700,
    check: { side, outcome in
      var problems = oneNavigation(offShows: .gActionRuns)(side, outcome)
      if side == .on, outcome.runs(of: openAction) != 1 {
        problems.append("guard on: the GAction ran \(outcome.runs(of: openAction)) times, expected 1")
      }
      return problems
    },
    detail: handlerDetail(openAction, what: "GAction"))

  /// Every scenario, in the order docs/scenarios.md lists them.
  package static let all: [EndToEndScenario] = [
    burst, stall, slowHandler, asyncLoad, spillOver, keyboardEnter, keyboardSpace, toggles, twoButtons, gAction,
  ]
}
