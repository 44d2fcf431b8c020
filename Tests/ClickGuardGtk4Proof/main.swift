// clickguard-gtk4-proof: one GTK 4 window, one scenario, real input.
//
// Runs a scenario of ClickGuardGtk4 in a GTK 4 process of its own (GTK 3,
// which the test bundle links, cannot share a process with GTK 4): it shows
// a window whose only child is the control, sends the scenario's input
// with xdotool (XTEST, through the X server), runs the main loop until the
// work is done and prints what happened as one JSON object. With
// `--guard off` it runs the same window and handlers on plain GTK 4, the
// control that shows the duplicate ClickGuard stops.
//
//   ClickGuardGtk4Proof SCENARIO on|off
//
// Scenarios: lag, async, toggle, toggle-guarded, global, keys, programmatic.

import CGtk4
import ClickGuardGtk4
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3, let scenario = Scenario(rawValue: arguments[1]), ["on", "off"].contains(arguments[2])
else {
  let names = Scenario.allCases.map(\.rawValue).joined(separator: ", ")
  FileHandle.standardError.write(Data("usage: ClickGuardGtk4Proof SCENARIO on|off (scenarios: \(names))\n".utf8))
  exit(2)
}
let isGuarded = arguments[2] == "on"

MainActor.assumeIsolated {
  let proof = Proof(scenario: scenario, isGuarded: isGuarded)
  do {
    let result = try proof.run()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    print(String(decoding: try encoder.encode(result), as: UTF8.self))
  } catch {
    FileHandle.standardError.write(Data("ClickGuardGtk4Proof: \(error)\n".utf8))
    exit(1)
  }
}
