// Showcase: scripted bursts of real clicks on the running demo under each
// lag shape, with the guard and fence on and off, read back from the JSON
// log into a table of clicks versus navigations.

import ClickGuardDemoKit
import Foundation

/// The protections a scenario runs with.
package enum Protection: String, Sendable, CaseIterable {
  /// Guard off, fence off: the naive app.
  case off
  /// The per-control guard alone.
  case guardOnly = "guard"
  /// The guard and the spill-over fence (the defaults).
  case full = "guard+fence"

  /// The demo options for it.
  func apply(to options: inout DemoOptions) {
    options.guardEnabled = self != .off
    options.fenceEnabled = self == .full
  }
}

/// A lag shape.
package struct LagShape: Hashable, Sendable {
  /// Its name in the table.
  package let name: String
  /// The demo options for it.
  let apply: @Sendable (inout DemoOptions) -> Void

  package static func == (lhs: LagShape, rhs: LagShape) -> Bool { lhs.name == rhs.name }
  package func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// No lag.
  package static let none = LagShape(name: "no lag") { _ in }
  /// The main loop stalls 1 s on the first click.
  package static let stall = LagShape(name: "stall 1000 ms") { $0.stallMs = 1000 }
  /// The navigation handler sleeps 1 s.
  static let handlerLag = LagShape(name: "handler lag 1000 ms") { $0.handlerLagMs = 1000 }
  /// The navigation waits for an 800 ms async load.
  package static let asyncLoad = LagShape(name: "async load 800 ms") { $0.asyncMs = 800 }

  /// Every shape, in table order.
  package static let all: [LagShape] = [.none, .stall, .handlerLag, .asyncLoad]
}

/// One scripted burst.
package struct ShowcaseScenario: Sendable {
  /// The lag injected.
  package let lag: LagShape
  /// Guard and fence on or off.
  package let protection: Protection
  /// The control clicked (a name from ``DemoWidgets``).
  package let control: String
  /// How many clicks.
  package let clicks: Int
  /// The gap between clicks.
  package let delayMs: Int

  /// Creates a scenario.
  package init(lag: LagShape, protection: Protection, control: String, clicks: Int = 12, delayMs: Int = 150) {
    self.lag = lag
    self.protection = protection
    self.control = control
    self.clicks = clicks
    self.delayMs = delayMs
  }

  /// A file-name-safe name.
  package var slug: String {
    "\(lag.name)-\(protection.rawValue)-\(control)".map { $0.isLetter || $0.isNumber ? $0 : "-" }
      .reduce(into: "") { $0 += String($1) }
  }

  /// The default set: "Open details" under every lag shape and protection,
  /// then the unguarded twin and the GAction button under async load.
  package static let standard: [ShowcaseScenario] =
    LagShape.all.flatMap { lag in
      Protection.allCases.map { ShowcaseScenario(lag: lag, protection: $0, control: DemoWidgets.openDetails.name) }
    } + [
      ShowcaseScenario(lag: .asyncLoad, protection: .full, control: DemoWidgets.openDetailsUnguarded.name),
      ShowcaseScenario(lag: .asyncLoad, protection: .full, control: DemoWidgets.openDetailsAction.name),
    ]

  /// The demo options for this scenario.
  package func options() -> DemoOptions {
    var options = DemoOptions()
    protection.apply(to: &options)
    lag.apply(&options)
    return options
  }
}

/// A scenario and what it led to.
package struct ShowcaseResult: Sendable {
  /// The scenario.
  package let scenario: ShowcaseScenario
  /// What the burst led to, from the log.
  package let tally: TallyBoard
  /// The screenshot saved after the burst, if any.
  package let screenshot: String?
}

/// A showcase run failed.
package struct ShowcaseError: Error, CustomStringConvertible {
  /// Why.
  package let description: String

  /// Creates an error saying `description`.
  package init(description: String) {
    self.description = description
  }
}

/// Runs scenarios against the demo binary.
package final class ShowcaseRunner {
  private let binary: String
  private let outputDirectory: String

  /// A runner for `binary`, writing logs and screenshots to `outputDirectory`.
  package init(binary: String, outputDirectory: String) throws {
    self.binary = binary
    self.outputDirectory = outputDirectory
    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
  }

  /// Starts the demo for `scenario`, clicks, waits for things to settle,
  /// saves a screenshot and reads the outcome.
  /// - Throws: ``ShowcaseError`` when the demo does not start or lay out.
  package func run(_ scenario: ShowcaseScenario, screenshot: Bool = true) throws -> ShowcaseResult {
    let base = outputDirectory + "/" + scenario.slug
    let arguments = scenario.options().arguments + (screenshot ? ["--screenshot", base + ".png"] : [])
    let demo = try DemoProcess(binary: binary, arguments: arguments, logPath: base + ".jsonl")
    defer { demo.stop() }
    guard demo.waitForLine(type: "layout", timeout: 20) != nil, let layout = demo.log.layout else {
      throw ShowcaseError(description: "the demo did not lay out its window; it printed:\n\(demo.output)")
    }
    guard let target = layout.widgets[scenario.control], target.visible else {
      throw ShowcaseError(description: "no visible widget '\(scenario.control)' in the layout")
    }
    if screenshot { demo.waitForLine(type: "screenshot", timeout: 5) }
    let start = demo.log.lastSeq
    XInput.burst(on: target.rect, count: scenario.clicks, delayMs: scenario.delayMs)
    demo.waitForQuiet(quietMs: 1200)
    var shot: String?
    if screenshot {
      let before = demo.log.lastSeq
      demo.send(SIGUSR1)
      if let line = demo.waitForLine(type: "screenshot", after: before, timeout: 5), line.error == nil {
        shot = line.path
      }
    }
    demo.stop()
    _ = try? TimelinePicture.write(
      log: base + ".jsonl",
      title: "\(scenario.lag.name), \(scenario.protection.rawValue): "
        + "\(scenario.clicks) clicks on \(scenario.control), \(scenario.delayMs) ms apart")
    return ShowcaseResult(
      scenario: scenario, tally: demo.log.tally(after: start), screenshot: shot)
  }
}

/// The showcase's table.
package enum ShowcaseTable {
  /// The column headers.
  static let header = [
    "lag", "protection", "control", "clicks", "ok", "dropped", "passed", "runs", "navigations", "refused",
    "fence drops", "add-to-cart", "depth",
  ]

  /// Renders `results` as a Markdown table.
  package static func render(_ results: [ShowcaseResult]) -> String {
    let rows =
      [header]
      + results.map { result in
        let s = result.scenario
        let o = result.tally[s.control]
        let d = o.decisions
        return [s.lag.name, s.protection.rawValue, s.control, String(s.clicks)]
          + [
            d.accepted, d.dropped, d.passed, o.runs, o.navigations, o.refused, result.tally.totalFenceDrops,
            result.tally.spillOver(excluding: s.control), result.tally.depth,
          ].map(String.init)
      }
    return markdownTable(rows)
  }
}

/// Renders `rows` (the first is the header) as a Markdown table with aligned
/// columns.
func markdownTable(_ rows: [[String]]) -> String {
  guard let header = rows.first else { return "" }
  let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
  func line(_ cells: [String]) -> String {
    "| "
      + cells.enumerated().map { column, cell in
        cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: " | ") + " |"
  }
  let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
  return ([line(header), rule] + rows.dropFirst().map(line)).joined(separator: "\n")
}
