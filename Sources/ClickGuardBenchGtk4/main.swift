// clickguard-bench-gtk4: the GTK 4 layer's measurements, in a process of
// its own (GTK 4 cannot share clickguard-bench's process, which links
// GTK 3). clickguard-bench runs it for rows 10 and 11 and reads the
// `key value` lines it prints.
//
//   clickguard-bench-gtk4 memory COUNT
//   clickguard-bench-gtk4 latency guarded|plain CLICKS DELAY_MS
//   clickguard-bench-gtk4 --version

import CGtk4
import ClickGuardGtk4
import Foundation

let arguments = CommandLine.arguments
MainActor.assumeIsolated {
  switch (arguments.count, arguments.dropFirst().first) {
  case (2, "--version"):
    print("clickguard-bench-gtk4 \(ClickGuardVersion.current)")
  case (3, "memory"):
    Gtk4MemoryBench.run(count: Int(arguments[2]) ?? 5_000)
  case (5, "latency"):
    Gtk4LatencyBench.run(
      guarded: arguments[2] == "guarded", clicks: Int(arguments[3]) ?? 60, delayMs: Int(arguments[4]) ?? 25)
  default:
    FileHandle.standardError.write(
      Data("usage: clickguard-bench-gtk4 memory COUNT | latency guarded|plain CLICKS DELAY_MS\n".utf8))
    exit(2)
  }
}
