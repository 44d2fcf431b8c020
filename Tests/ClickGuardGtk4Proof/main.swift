// ClickGuardGtk4Proof: one GTK 4 window, one scenario, real input.
//
// Runs a scenario of ClickGuardGtk4 in a GTK 4 process of its own (GTK 3,
// which the test bundle links, cannot share a process with GTK 4): it shows
// a window whose child is the scenario's control, sends the scenario's
// input with xdotool (XTEST, through the X server), runs the main loop until
// the work is done and prints what happened as one JSON object. With `off`
// it runs the same window and handlers on plain GTK 4: the control that
// shows the duplicate (or the deliberate action) without ClickGuard.
//
//   ClickGuardGtk4Proof SCENARIO on|off
//   ClickGuardGtk4Proof start      (GtkClickGuard.start(); its error, if any)
//
// With CLICKGUARD_PROOF_INPUT=external the test makes the input instead
// (on Wayland, through the compositor): the proof says `ready`, and runs
// until its stdin says `done`.

import ClickGuardGtk4
import Foundation

let arguments = CommandLine.arguments
MainActor.assumeIsolated {
  if arguments.count == 2, arguments[1] == "start" {
    do {
      try GtkClickGuard.start()
      print("started")
    } catch {
      print("\(error)")
      exit(1)
    }
    exit(0)
  }
  guard arguments.count == 3, let scenario = proofScenarios[arguments[1]], ["on", "off"].contains(arguments[2]) else {
    let names = proofScenarios.keys.sorted().joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: ClickGuardGtk4Proof SCENARIO on|off (scenarios: \(names))\n".utf8))
    exit(2)
  }
  do {
    let result = try Proof(scenario: scenario, isGuarded: arguments[2] == "on").run()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    print(String(decoding: try encoder.encode(result), as: UTF8.self))
  } catch {
    FileHandle.standardError.write(Data("ClickGuardGtk4Proof: \(error)\n".utf8))
    exit(1)
  }
}
