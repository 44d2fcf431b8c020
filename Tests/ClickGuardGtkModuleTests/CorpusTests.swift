// The labelled corpus (issue 37): real Debian 12 GTK 3 apps beyond the six
// RealAppTests drives, each scenario labelled deliberate (a person's repeats,
// every press must act) or accidental (a bounce, a double-click: one action)
// with its pace. Fixtures/corpus/corpus.py runs them — each app on an X
// display and a D-Bus session of its own, several apps side by side, real X
// input whose gaps come from the X server's own timestamps, outcomes read
// back over AT-SPI or from window titles — without the module, with it at
// the default profile and with the bounce profile, and writes
// out/corpus/results.json. This test reads that file and judges it.
// scripts/corpus-table.py renders docs/module.md's table from the same file.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

/// What corpus.py wrote: one entry per scenario, its runs per variant.
struct CorpusResults: Decodable {
  struct Run: Decodable {
    /// How many times the repeated action acted (nil: not read back).
    let acted: Int?
    /// The X server's gaps between the presses, in ms.
    let gaps: [Int]
    /// Whether the gaps kept the label's pace (else the run was retried).
    let valid: Bool
    let attempts: Int
    let decisions: [String]
  }

  struct Scenario: Decodable {
    let id: String
    let app: String
    let kind: String
    let paceMs: Int
    let what: String
    let repeats: Int
    let variants: [String: [Run]]

    enum CodingKeys: String, CodingKey {
      case id, app, kind, what, repeats, variants
      case paceMs = "pace_ms"
    }
  }

  struct App: Decodable {
    let package: String
    let version: String
    let errors: [String: String]
  }

  let seconds: Double
  let runs: Int
  let apps: [String: App]
  let scenarios: [Scenario]
}

final class CorpusTests: XCTestCase {
  /// The package's root, from this file's place in it.
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The Debian packages the corpus runs (scripts/deps.sh installs them).
  private static let programs = [
    "qalculate-gtk": "/usr/bin/qalculate-gtk", "mate-calc": "/usr/bin/mate-calc", "pluma": "/usr/bin/pluma",
    "eog": "/usr/bin/eog", "ristretto": "/usr/bin/ristretto", "meld": "/usr/bin/meld", "caja": "/usr/bin/caja",
    "gnome-mines": "/usr/games/gnome-mines", "gucharmap": "/usr/bin/gucharmap", "xvfb": "/usr/bin/Xvfb",
    "python3-pyatspi": "/usr/lib/python3/dist-packages/pyatspi/__init__.py", "xdotool": "/usr/bin/xdotool",
    "dbus": "/usr/bin/dbus-run-session",
  ]

  /// Every deliberate scenario acts as often as without the module, every
  /// accidental one once, under the default profile; without the module
  /// every deliberate scenario acts each time and every accidental one more
  /// than once (else the scenario proves nothing). The bounce profile is
  /// reported, not judged: it may be stricter.
  func testLabelledCorpusKeepsDeliberateRepeatsAndCatchesAccidentalOnes() throws {
    let missing = Self.programs.filter { !FileManager.default.fileExists(atPath: $0.value) }.keys.sorted()
    guard missing.isEmpty else {
      throw XCTSkip("not installed: \(missing.joined(separator: " ")) (scripts/deps.sh installs them)")
    }
    let module = try ModuleHarness.modulePath()
    let out = Self.root.appendingPathComponent("out/corpus")
    try? FileManager.default.removeItem(at: out)
    let environment = ProcessInfo.processInfo.environment
    let script = Self.root.appendingPathComponent("Tests/ClickGuardGtkModuleTests/Fixtures/corpus/corpus.py").path
    let arguments =
      ["-k", "10", "1500", "/usr/bin/python3", script, "--module", module, "--out", out.path]
      + ["--jobs", environment["CORPUS_JOBS"] ?? "4", "--runs", environment["CORPUS_RUNS"] ?? "3"]
      + (environment["CORPUS_ONLY"].map { ["--only", $0] } ?? [])
    let status = ChildProcess.run("/usr/bin/timeout", arguments)
    XCTAssertEqual(status, 0, "corpus.py failed (\(status)); its workers' errors are in \(out.path)/*.stderr")
    let data = try Data(contentsOf: out.appendingPathComponent("results.json"))
    let results = try JSONDecoder().decode(CorpusResults.self, from: data)
    for (name, app) in results.apps.sorted(by: { $0.key < $1.key }) {
      for (variant, error) in app.errors.sorted(by: { $0.key < $1.key }) {
        XCTFail("\(name) (\(variant)) did not run: \(error)")
      }
    }
    XCTAssertGreaterThanOrEqual(Set(results.scenarios.map(\.app)).count, environment["CORPUS_ONLY"] == nil ? 8 : 1)
    for scenario in results.scenarios { judge(scenario) }
    for line in CorpusTally(results).lines { print("corpus: \(line)") }
    print("corpus: \(results.scenarios.count) scenarios, \(results.runs) runs each, in \(results.seconds) s")
  }

  /// Fails for each run of `scenario` that broke what its label says.
  private func judge(_ scenario: CorpusResults.Scenario) {
    let label = "\(scenario.id) (\(scenario.kind), \(scenario.paceMs) ms: \(scenario.what))"
    if scenario.kind == "accidental", let runs = scenario.variants["without"], !runs.isEmpty {
      XCTAssertTrue(
        runs.contains { ($0.acted ?? 0) > 1 },
        "\(label): without the module the repeat never acted again (\(runs.map { $0.acted ?? -1 })): proves nothing")
    }
    for variant in ["without", "default"] {
      let runs = scenario.variants[variant] ?? []
      guard !runs.isEmpty else {
        XCTFail("\(label) \(variant): no runs")
        continue
      }
      for (index, run) in runs.enumerated() {
        let context = "\(label) \(variant) run \(index + 1): gaps \(run.gaps) ms"
        guard run.valid else {
          XCTFail("\(context): the pace was not held in \(run.attempts) attempts (the machine is too busy)")
          continue
        }
        guard let acted = run.acted else {
          XCTFail("\(context): the outcome could not be read back")
          continue
        }
        switch (scenario.kind, variant) {
        case ("deliberate", "without"):
          XCTAssertEqual(acted, scenario.repeats, "\(context): without the module each press acts")
        case ("accidental", "without"):
          // Judged over the runs below: the duplicate must be real in at
          // least one (under load an app sometimes merges a bounce itself).
          break
        case ("deliberate", _):
          XCTAssertEqual(
            acted, scenario.repeats,
            "\(context): a person's repeats lost (kept \(acted) of \(scenario.repeats)); decisions: \(run.decisions)")
        default:
          XCTAssertEqual(acted, 1, "\(context): an accidental repeat let through; decisions: \(run.decisions)")
        }
      }
    }
  }
}

/// Kept/total for deliberate scenarios and caught/total for accidental ones,
/// per variant: a scenario counts when each of its runs did.
struct CorpusTally {
  let lines: [String]

  init(_ results: CorpusResults) {
    var lines: [String] = []
    for variant in ["without", "default", "bounce"] {
      var kept = 0
      var deliberate = 0
      var caught = 0
      var accidental = 0
      for scenario in results.scenarios {
        let runs = scenario.variants[variant] ?? []
        guard !runs.isEmpty else { continue }
        if scenario.kind == "deliberate" {
          deliberate += 1
          if runs.allSatisfy({ $0.valid && $0.acted == scenario.repeats }) { kept += 1 }
        } else {
          accidental += 1
          if runs.allSatisfy({ $0.valid && $0.acted == 1 }) { caught += 1 }
        }
      }
      guard deliberate + accidental > 0 else { continue }
      lines.append("\(variant): deliberate kept \(kept)/\(deliberate), accidental caught \(caught)/\(accidental)")
    }
    self.lines = lines
  }
}
