// clickguard-showcase: drives the running demo with scripted bursts of real
// clicks (xdotool) under each lag shape, guard and fence on and off, and
// prints a table of clicks versus navigations read from the demo's JSON log.
// With --scenarios it runs the end-to-end scenarios instead (guard on versus
// off; `make showcase`). Needs an X display: `make demo` and `make showcase`
// run it under Xvfb.

import ClickGuard
import ClickGuardAppSupport
import ClickGuardDemoKit
import ClickGuardGObject
import Foundation

/// The showcase's command line, read by GOption (``GOptionParser``, as
/// the `clickguard` command's): `--help` is GOption's.
struct ShowcaseCommand {
  var demo: String?
  var output = "out/showcase"
  var only: String?
  var clicks = 12
  var delayMs = 150
  var scenarios = false
  var timelineOf: String?

  static let parser = GOptionParser(
    program: "clickguard-showcase", parameters: "",
    summary: "Drives the demo with scripted bursts of real clicks and prints what they led to.",
    options: [
      CommandOption("scenarios", help: "Run the end-to-end scenarios (guard on versus off) and print their table"),
      CommandOption(
        "demo", argument: "PATH", accepted: "a path", help: "The clickguard-demo binary (default: beside this one)"),
      CommandOption(
        "out", argument: "DIR", accepted: "a directory",
        help: "Where logs, screenshots and table.md go (default: out/showcase)"),
      CommandOption(
        "only", argument: "TEXT", accepted: "text",
        help: "Run only scenarios whose name contains TEXT (e.g. \"async\"; with --scenarios, a number: \"6\")"),
      CommandOption(
        "clicks", argument: "N", accepted: "1 to 50",
        help: "Clicks per burst (1 to 50, default 12; not with --scenarios)"),
      CommandOption(
        "delay-ms", argument: "N", accepted: "10 to 2000",
        help: "Gap between clicks (10 to 2000, default 150; not with --scenarios)"),
      CommandOption(
        "timeline-of", argument: "LOG", accepted: "a demo log",
        help: "Only draw the timeline of the demo log LOG (LOG-timeline.png beside it)"),
      CommandOption("version", help: "Print the version and exit"),
    ])

  init(_ arguments: [String]) throws {
    let parsed = try Self.parser.parse(arguments.map { ByteString($0) })
    if let extra = parsed.remaining.first {
      throw ShowcaseError(description: "unknown argument '\(extra.displayName)'; run 'clickguard-showcase --help'")
    }
    if parsed.has("version") {
      print("clickguard-showcase \(ClickGuardVersion.current)")
      exit(0)
    }
    func text(_ name: String) -> String? {
      parsed.last(name)?.value.map { String(decoding: $0.bytes, as: UTF8.self) }
    }
    func number(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
      guard let text = text(name) else { return nil }
      guard let n = Int(text), range.contains(n) else {
        throw ShowcaseError(
          description: "--\(name): \(text) is not accepted (accepted: \(range.lowerBound) to \(range.upperBound))")
      }
      return n
    }
    demo = text("demo")
    output = text("out") ?? output
    only = text("only")
    clicks = try number("clicks", 1...50) ?? clicks
    delayMs = try number("delay-ms", 10...2000) ?? delayMs
    scenarios = parsed.has("scenarios")
    timelineOf = text("timeline-of")
  }
}

func runShowcase() -> Int32 {
  let command: ShowcaseCommand
  do {
    command = try ShowcaseCommand(Array(CommandLine.arguments.dropFirst()))
  } catch {
    FileHandle.standardError.write(Data("clickguard-showcase: \(error)\n".utf8))
    return 2
  }
  if let log = command.timelineOf {
    do {
      try TimelinePicture.write(log: log)
      print(TimelinePicture.path(forLog: log))
      return 0
    } catch {
      FileHandle.standardError.write(Data("clickguard-showcase: \(error)\n".utf8))
      return 1
    }
  }
  guard XInput.displayAvailable() else {
    FileHandle.standardError.write(
      Data("clickguard-showcase: no X display; run it under xvfb-run (make demo does)\n".utf8))
    return 1
  }
  guard let binary = command.demo ?? DemoProcess.locateBinary() else {
    FileHandle.standardError.write(Data("clickguard-showcase: cannot find clickguard-demo; pass --demo PATH\n".utf8))
    return 1
  }
  if command.scenarios { return runScenarios(command, binary: binary) }
  let scenarios = ShowcaseScenario.standard
    .map {
      ShowcaseScenario(
        lag: $0.lag, protection: $0.protection, control: $0.control, clicks: command.clicks, delayMs: command.delayMs)
    }
    .filter { scenario in command.only.map { scenario.slug.contains($0) } ?? true }
  print("Showcase: \(scenarios.count) bursts of \(command.clicks) real clicks, \(command.delayMs) ms apart (\(binary))")
  var results: [ShowcaseResult] = []
  do {
    let runner = try ShowcaseRunner(binary: binary, outputDirectory: command.output)
    for scenario in scenarios {
      let result = try runner.run(scenario)
      let tally = result.tally
      let o = tally[scenario.control]
      print(
        "  \(scenario.lag.name), \(scenario.protection.rawValue), \(scenario.control): "
          + "\(o.navigations) navigation(s), \(o.decisions.dropped) dropped, \(tally.totalFenceDrops) fenced, "
          + "\(tally.spillOver(excluding: scenario.control)) add-to-cart")
      results.append(result)
    }
  } catch {
    FileHandle.standardError.write(Data("clickguard-showcase: \(error)\n".utf8))
    return 1
  }
  let table = ShowcaseTable.render(results)
  print("\n" + table + "\n")
  print(
    """
    ok/dropped/passed: the guard's decisions on the clicked control; runs: its handler ran; navigations: pushes it \
    caused; refused: pushes the navigator refused (a transition was running); fence drops: presses on the new page \
    the spill-over fence dropped; add-to-cart: spill-over clicks that reached the details page's button (same spot); \
    depth: pages on the stack at the end.

    """)
  let tablePath = command.output + "/table.md"
  try? (table + "\n").write(toFile: tablePath, atomically: true, encoding: .utf8)
  let last = results.last { $0.screenshot != nil }?.screenshot
  print("Logs, screenshots and the table are in \(command.output)/ (table.md\(last.map { "; e.g. \($0)" } ?? ""))")
  return 0
}

/// The end-to-end scenarios, guard on then off, and their table.
func runScenarios(_ command: ShowcaseCommand, binary: String) -> Int32 {
  let scenarios = EndToEndScenario.all.filter { scenario in
    command.only.map { scenario.id.hasPrefix($0) || scenario.name.lowercased().contains($0.lowercased()) } ?? true
  }
  print("End-to-end scenarios: \(scenarios.count), each run with ClickGuard on and off (\(binary))")
  var runs: [ScenarioRun] = []
  do {
    let runner = try EndToEndRunner(binary: binary, directory: command.output)
    runner.writesTimelines = true
    for scenario in scenarios {
      for side in GuardSide.allCases {
        let run = try runner.run(scenario, side: side)
        let o = run.outcome
        let spillOver = scenario.countsSpillOver ? "\(o.spillOver) spill-over, " : ""
        print(
          "  \(scenario.id) \(scenario.name), \(side.rawValue): \(o.navigations) navigation(s), \(spillOver)"
            + "\(o.dropped) dropped, \(o.fenceDrops) fenced" + (run.passed ? "" : " — FAIL")
            + String(format: " (%.1f s)", run.seconds))
        runs.append(run)
      }
    }
  } catch {
    FileHandle.standardError.write(Data("clickguard-showcase: \(error)\n".utf8))
    return 1
  }
  let table = EndToEndTable.render(runs)
  print("\n" + table + "\n\n" + EndToEndTable.legend + "\n")
  try? (table + "\n").write(toFile: command.output + "/scenarios.md", atomically: true, encoding: .utf8)
  let failed = runs.filter { !$0.passed }
  for run in failed { print(run.report) }
  print(
    failed.isEmpty
      ? "All \(runs.count) runs show what they must. Logs, timelines (*-timeline.png) and the table are in "
        + "\(command.output)/ (scenarios.md)."
      : "\(failed.count) of \(runs.count) runs do not show what they must (reports above).")
  return failed.isEmpty ? 0 : 1
}

exit(runShowcase())
