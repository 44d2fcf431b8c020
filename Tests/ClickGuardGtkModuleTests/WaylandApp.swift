// WaylandApp: a fixture app (FixtureApp) shown on a WaylandCompositor and
// driven by real input through it. A Wayland client never learns where its
// window is, so the fixture's positions are its surface's; the compositor's
// own pointer-enter event says where the surface is on the monitor: the
// compositor centres each new window, the pointer moves to the monitor's
// centre, and wl_pointer.enter gives that point in the surface.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

/// One run of a fixture app on the headless compositor.
final class WaylandApp {
  /// The monitor point where the pointer enters the window to find it: the
  /// monitor's centre, inside every window (the compositor centres each
  /// new window: Fixtures/wayland-session.sh).
  static let probePoint = (x: WaylandCompositor.monitor.width / 2, y: WaylandCompositor.monitor.height / 2)
  /// X keysyms of the key names the tests type.
  static let keysyms: [String: UInt32] = [
    "Return": 0xff0d, "space": 0x20, "ctrl": 0xffe3, "BackSpace": 0xff08, "Down": 0xff54, "Tab": 0xff09,
  ]

  /// The fixture run itself (its output, its positions in its surface).
  let app: FixtureApp
  private let compositor: WaylandCompositor
  /// Where the window's surface's top left corner is on the monitor.
  private(set) var origin = (x: 0, y: 0)

  /// Starts the fixture on `compositor` and finds its window.
  /// - Parameters:
  ///   - modules: the value of `GTK3_MODULES`, or `nil` for none.
  ///   - environment: extra variables (`CLICKGUARD_*`).
  ///   - arguments: fixture arguments.
  ///   - program: which fixture app to run.
  init(
    on compositor: WaylandCompositor, modules: String?, environment: [String: String] = [:],
    arguments: [String] = [], program: FixtureProgram = .clickcount
  ) throws {
    self.compositor = compositor
    // WAYLAND_DEBUG=client: the app logs the protocol's events on stderr,
    // among them wl_pointer.enter with the surface coordinates.
    let env = compositor.appEnvironment.merging(environment) { $1 }.merging(["WAYLAND_DEBUG": "client"]) { $1 }
    app = try FixtureApp(modules: modules, environment: env, arguments: arguments, program: program)
    do {
      try locateWindow()
    } catch {
      _ = app.finish()
      throw error
    }
  }

  /// Moves the pointer off the window and onto ``probePoint``, and reads
  /// from the app's `wl_pointer.enter` where in its surface that is.
  private func locateWindow() throws {
    let before = enters().count
    let far = (x: 0, y: 0)  // off every window: the smallest fixture window is 300 × 357
    try compositor.inject(["move \(far.x) \(far.y)", "sleep 100", "move \(Self.probePoint.x) \(Self.probePoint.y)"])
    let deadline = ContinuousClock.now.advanced(by: .seconds(3))
    while ContinuousClock.now < deadline {
      let seen = enters()
      if seen.count > before, let local = seen.last {
        origin = (Self.probePoint.x - local.x, Self.probePoint.y - local.y)
        return
      }
      usleep(20_000)
    }
    throw HarnessError(
      "the pointer never entered the fixture's window at \(Self.probePoint); app:\n\(stderrText)\n"
        + "compositor:\n\(compositor.log)")
  }

  /// The surface coordinates of every `wl_pointer.enter` the app logged:
  /// `[1234.567] wl_pointer@10.enter(5, wl_surface@29, 30.00000000, 33.00000000)`.
  private func enters() -> [(x: Int, y: Int)] {
    app.stderr.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: ".enter("), line.contains("wl_pointer@") else { return nil }
      let fields = line[range.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 4, let x = Double(fields[2]), let y = Double(fields[3].dropLast()) else { return nil }
      return (Int(x.rounded()), Int(y.rounded()))
    }
  }

  /// The app's stderr without the protocol log (for failure messages).
  var stderrText: String {
    app.stderr.split(separator: "\n").filter { !$0.hasPrefix("[") && !$0.hasPrefix(" ->") }.joined(separator: "\n")
  }

  /// The monitor point of the fixture's widget `name`.
  func point(_ name: String) throws -> (x: Int, y: Int) {
    guard let local = app.positions[name] else { throw HarnessError("the fixture has no widget \(name)") }
    return (origin.x + local.x, origin.y + local.y)
  }

  /// Clicks the widget `name` `count` times, a press every `delayMs` (each
  /// held 20 ms), then lets the app catch up for `settle` seconds.
  func click(_ name: String, count: Int = 1, delayMs: Int = 80, settle: Double = 0.4) throws {
    let (x, y) = try point(name)
    var steps = ["move \(x) \(y - 2)", "sleep 50", "move \(x) \(y)", "sleep 100"]
    for index in 0..<count {
      if index > 0 { steps.append("sleep \(delayMs - 20)") }
      steps += ["down", "sleep 20", "up"]
    }
    try compositor.inject(steps)
    usleep(UInt32(settle * 1_000_000))
  }

  /// Double-clicks the widget `name` `count` times (the two clicks 80 ms
  /// apart), `gapMs` between double-clicks.
  func doubleClick(_ name: String, count: Int, gapMs: Int, settle: Double = 0.6) throws {
    let (x, y) = try point(name)
    var steps = ["move \(x) \(y - 2)", "sleep 50", "move \(x) \(y)", "sleep 100"]
    for index in 0..<count {
      if index > 0 { steps.append("sleep \(gapMs)") }
      steps += ["down", "sleep 20", "up", "sleep 60", "down", "sleep 20", "up"]
    }
    try compositor.inject(steps)
    usleep(UInt32(settle * 1_000_000))
  }

  /// Presses the button on `from`, moves to `dx`, `dy` pixels away from it
  /// in four steps 100 ms apart, and releases there (press on a menu, let
  /// go on one of its items).
  func drag(from name: String, dx: Int, dy: Int, settle: Double = 0.4) throws {
    let start = try point(name)
    var steps = ["move \(start.x) \(start.y)", "sleep 200", "down"]
    for step in 1...4 {
      steps += ["sleep 100", "move \(start.x + dx * step / 4) \(start.y + dy * step / 4)"]
    }
    try compositor.inject(steps + ["sleep 200", "up"])
    usleep(UInt32(settle * 1_000_000))
  }

  /// Types `combo` (`Return`, `space`, `ctrl+e`: modifiers held around the
  /// key) `count` times, a press every `delayMs` (each held 20 ms).
  func key(_ combo: String, count: Int = 1, delayMs: Int = 80, settle: Double = 0.4) throws {
    let codes = try keysyms(combo)
    let modifiers = codes.dropLast()
    let key = codes[codes.count - 1]
    var steps = modifiers.map { "key \($0) down" }
    for index in 0..<count {
      if index > 0 || !modifiers.isEmpty { steps.append("sleep \(index > 0 ? delayMs - 20 : 20)") }
      steps += ["key \(key) down", "sleep 20", "key \(key) up"]
    }
    steps += modifiers.reversed().map { "key \($0) up" }
    try compositor.inject(steps)
    usleep(UInt32(settle * 1_000_000))
  }

  /// Holds `combo` down for `seconds` (GTK repeats it: a Wayland client
  /// makes its own key repeats, from the compositor's rate and delay).
  func hold(_ combo: String, seconds: Double, settle: Double = 0.3) throws {
    let codes = try keysyms(combo)
    try compositor.inject(
      codes.map { "key \($0) down" } + ["sleep \(Int(seconds * 1000))"] + codes.reversed().map { "key \($0) up" })
    usleep(UInt32(settle * 1_000_000))
  }

  /// The X keysyms of `combo`'s keys (`ctrl+e`: Control_L, e).
  private func keysyms(_ combo: String) throws -> [UInt32] {
    try combo.split(separator: "+").map { name in
      guard
        let code = Self.keysyms[String(name)]
          ?? (name.unicodeScalars.count == 1 ? name.unicodeScalars.first?.value : nil)
      else { throw HarnessError("no keysym for \(name)") }
      return code
    }
  }

  /// Types `text` (lowercase letters), a key every `delayMs`.
  func type(_ text: String, delayMs: Int = 40, settle: Double = 0.3) throws {
    for character in text { try key(String(character), delayMs: delayMs, settle: Double(delayMs) / 1000) }
    usleep(UInt32(settle * 1_000_000))
  }

  /// Waits until the library at `module` is mapped into the app (up to
  /// 10 s): GTK loads the modules the display's gtk-modules names when it
  /// reads them, after the window shows.
  func waitForModule(_ module: String) throws {
    let library = URL(fileURLWithPath: module).lastPathComponent
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while ContinuousClock.now < deadline {
      let maps = (try? String(contentsOfFile: "/proc/\(app.pid)/maps", encoding: .utf8)) ?? ""
      if maps.contains(library) { return }
      usleep(50_000)
    }
    throw HarnessError("the display's gtk-modules never loaded \(library) into the app:\n\(stderrText)")
  }

  /// How many times the running fixture's Count button has counted so far.
  var clicks: Int { app.stdoutLines.filter { $0.hasPrefix("clicked ") }.count }

  /// Quits the fixture (SIGTERM) and returns what it printed.
  func finish(file: StaticString = #filePath, line: UInt = #line) -> FixtureResult {
    app.finish(file: file, line: line)
  }
}
