// EndToEndRunner: runs one side of an EndToEndScenario — starts the built
// demo, sends the input through xdotool at the spots its `layout` line gives,
// waits until the demo is quiet, and reads the outcome back from its JSON log.

import ClickGuard
import ClickGuardDemoKit
import Foundation

/// What one run led to, read from the demo's log.
package struct ScenarioOutcome: Sendable {
  /// The log lines after the start-up layout.
  package let lines: [DemoLogLine]
  /// Pushes onto the page stack.
  package private(set) var navigations = 0
  /// Pushes the navigator refused.
  package private(set) var refusedNavigations = 0
  /// Handler runs (`action` lines) per control.
  package private(set) var actions: [String: Int] = [:]
  /// Decisions: accepted.
  package private(set) var accepted = 0
  /// Decisions: dropped, by reason.
  package private(set) var dropReasons: [String: Int] = [:]
  /// Decisions: let through unjudged (guard off, skipped kind, exempt).
  package private(set) var passed = 0
  /// Presses the spill-over fence consumed (a double click's two presses,
  /// which share one event time, count once).
  package private(set) var fenceDrops = 0
  /// Delivered toggles per control, in order.
  package private(set) var toggles: [String: [Bool]] = [:]
  /// The layout requested after the input settled: the page on top, the
  /// focus, each toggle's state on screen.
  let finalLayout: DemoLayout?
  /// (control, event time) of every decision, in order.
  package private(set) var decisionTimes: [(control: String, time: UInt32)] = []

  /// Reads `lines` (those after the start-up layout) and the final layout.
  package init(lines: [DemoLogLine], finalLayout: DemoLayout?) {
    self.lines = lines
    self.finalLayout = finalLayout
    var fenced = Set<UInt32?>()
    for line in lines {
      switch line.event {
      case .decision(let control, _, _, let outcome, let reason, _, _, let time, _):
        switch ClickOutcome.Kind(rawValue: outcome) {
        case .accepted: accepted += 1
        case .dropped: dropReasons[reason ?? "?", default: 0] += 1
        default: passed += 1
        }
        if let time { decisionTimes.append((control, time)) }
      case .action(let control, _):
        actions[control, default: 0] += 1
      case .navigation("push", _, _, _, _, _):
        navigations += 1
      case .navigationRefused:
        refusedNavigations += 1
      case .fenceDrop(_, _, let time):
        fenced.insert(time)
      case .toggle(let control, let active):
        toggles[control, default: []].append(active)
      default:
        break
      }
    }
    fenceDrops = fenced.count
  }

  /// All drops.
  package var dropped: Int { dropReasons.values.reduce(0, +) }
  /// Runs of `control`'s handler.
  package func runs(of control: String) -> Int { actions[control] ?? 0 }
  /// Every handler run (navigate, add to cart, …).
  var totalActions: Int { actions.values.reduce(0, +) }
  /// Spill-over that got through: "Add to cart" ran, on any details page.
  package var spillOver: Int {
    actions.filter { DemoWidgets.isDetailsAction($0.key) }.values.reduce(0, +)
  }
  /// Inputs that reached the demo: judged activations and fenced presses.
  var inputsSeen: Int { accepted + dropped + passed + fenceDrops }

  /// The gaps (ms, by event time) between consecutive decisions that
  /// alternate between two of `controls`.
  func gaps(between controls: [String]) -> [Int] {
    let times = decisionTimes.filter { controls.contains($0.control) }
    return zip(times, times.dropFirst()).compactMap { first, second in
      first.control == second.control ? nil : Int(Int32(bitPattern: second.time &- first.time))
    }
  }
}

/// One run of one scenario.
package struct ScenarioRun: Sendable {
  /// The scenario.
  package let scenario: EndToEndScenario
  /// Guard on or off.
  package let side: GuardSide
  /// The demo's command line (without `--log-file`).
  package let arguments: [String]
  /// The input sent, each step with when it started (ms after the first).
  package let sent: [String]
  /// What the log shows.
  package let outcome: ScenarioOutcome
  /// What is wrong; empty when the run shows what it must.
  let problems: [String]
  /// How long the run took, start-up included.
  package let seconds: Double
  /// The demo's log file.
  package let logPath: String
  /// What the demo printed.
  let demoOutput: String

  /// Whether the run shows what it must.
  package var passed: Bool { problems.isEmpty }

  /// The failure report: the scenario, the input sent, what is wrong and
  /// every log line seen.
  package var report: String {
    var text = """
      Scenario \(scenario.id), \(side.rawValue): \(scenario.title)
      demo: clickguard-demo \(arguments.joined(separator: " "))
      input sent:
      \(sent.map { "  " + $0 }.joined(separator: "\n"))
      problems:
      \(problems.map { "  " + $0 }.joined(separator: "\n"))
      log lines seen (\(logPath)):

      """
    for line in outcome.lines { text += "  " + Self.brief(line) + "\n" }
    if let layout = outcome.finalLayout {
      text += "  final layout: top \(layout.topPage), focus \(layout.focus ?? "none")\n"
    } else {
      text += "  no final layout (the demo did not answer SIGUSR2)\n"
    }
    if !demoOutput.isEmpty { text += "demo output:\n" + demoOutput }
    return text
  }

  /// A log line without the bulky `layout` fields.
  static func brief(_ line: DemoLogLine) -> String {
    guard let layout = line.layout else { return line.text }
    return
      "{\"type\":\"layout\",\"seq\":\(layout.seq),\"reason\":\"\(layout.reason)\",\"top_page\":\"\(layout.topPage)\","
      + "\"focus\":\"\(layout.focus ?? "")\"}"
  }
}

/// The end-to-end proof could not run (no demo, no layout, no widget).
package struct EndToEndError: Error, CustomStringConvertible {
  /// What went wrong.
  package let description: String
}

/// Runs scenarios against the built demo, one demo process per run.
package final class EndToEndRunner {
  private let binary: String
  private let directory: String
  /// Whether each run's timeline is drawn beside its log
  /// (`<slug>-on-timeline.png`, `<slug>-off-timeline.png`): the showcase's.
  package var writesTimelines = false

  /// A runner for `binary` that writes each run's log to `directory`.
  package init(binary: String, directory: String) throws {
    self.binary = binary
    self.directory = directory
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  /// Runs `scenario` with ClickGuard `side`.
  /// - Throws: ``EndToEndError`` when the demo does not start or a control
  ///   to click is not on screen.
  package func run(_ scenario: EndToEndScenario, side: GuardSide) throws -> ScenarioRun {
    let started = ProcessClock.monotonicMs()
    let arguments = scenario.options(for: side).arguments
    let logPath = "\(directory)/\(scenario.slug)-\(side == .on ? "on" : "off").jsonl"
    let demo = try DemoProcess(binary: binary, arguments: arguments, logPath: logPath)
    defer { demo.stop() }
    guard let startup = demo.waitForLine(type: "layout", timeout: 30)?.layout else {
      throw EndToEndError(
        description: "scenario \(scenario.id), \(side.rawValue): the demo did not lay out its window; "
          + "it printed:\n\(demo.output)")
    }
    var sent: [String] = []
    var problems: [String] = []
    let inputStart = ProcessClock.monotonicMs()
    for step in scenario.input(for: side) {
      let at = Int((ProcessClock.monotonicMs() - inputStart).rounded())
      let detail = try send(step, to: demo, startup: startup, problems: &problems)
      sent.append("+\(at) ms: \(step)\(detail)")
    }
    demo.waitForQuiet(quietMs: scenario.quietMs, timeout: 40)
    let before = demo.log.lastSeq
    demo.send(SIGUSR2)
    let final = demo.waitForLine(type: "layout", after: before, timeout: 10) { $0.reason == "requested" }
    demo.stop()
    if writesTimelines {
      let title =
        "Scenario \(scenario.id), \(scenario.name), \(side.rawValue): clickguard-demo "
        + (arguments.isEmpty ? "(defaults)" : arguments.joined(separator: " "))
      _ = try? TimelinePicture.write(log: logPath, title: title)
    }
    let lines = demo.log.lines.filter { $0.seq > startup.seq }
    let outcome = ScenarioOutcome(lines: lines, finalLayout: final?.layout)
    if final == nil { problems.append("the demo did not answer SIGUSR2 with a layout line") }
    problems += scenario.check(side, outcome)
    return ScenarioRun(
      scenario: scenario, side: side, arguments: arguments, sent: sent, outcome: outcome, problems: problems,
      seconds: (ProcessClock.monotonicMs() - started) / 1000, logPath: logPath, demoOutput: demo.output)
  }

  /// Sends one step; returns details for the record (where it clicked).
  private func send(
    _ step: InputStep, to demo: DemoProcess, startup: DemoLayout, problems: inout [String]
  ) throws -> String {
    switch step {
    case .clicks(let control, let count, let delayMs):
      let rect = try spot(of: control, in: demo)
      XInput.burst(on: rect, count: count, delayMs: delayMs)
      return " at (\(rect.center.x), \(rect.center.y))"
    case .alternate(let controls, let rounds, let gapMs):
      let spots = try controls.map { try spot(of: $0, in: demo).center }
      XInput.alternate(between: spots.map { (x: $0.x, y: $0.y) }, rounds: rounds, gapMs: gapMs)
      return " at " + spots.map { "(\($0.x), \($0.y))" }.joined(separator: ", ")
    case .holdKey(let key, let ms, let control):
      let layout = demo.log.layout ?? startup
      if layout.focus != control {
        problems.append("before the key: the focus is on \(layout.focus ?? "nothing"), not \(control)")
      }
      XInput.focus(window: layout.xid)
      XInput.hold(key: key, ms: ms)
      return " (window 0x\(String(layout.xid, radix: 16)) focused)"
    case .waitForPage(let page, let settleMs):
      let shown = demo.waitForLine(type: "layout", timeout: 10) {
        $0.reason == "page-shown" && $0.layout?.topPage == page
      }
      if shown == nil { problems.append("'\(page)' was never shown") }
      usleep(UInt32(settleMs) * 1000)
      return ""
    }
  }

  /// The rectangle of `control` in the latest layout line, if it is shown.
  private func spot(of control: String, in demo: DemoProcess) throws -> ScreenRect {
    guard let widget = demo.log.layout?.widgets[control], widget.visible else {
      throw EndToEndError(description: "'\(control)' is not on screen in the demo's latest layout line")
    }
    return widget.rect
  }
}
