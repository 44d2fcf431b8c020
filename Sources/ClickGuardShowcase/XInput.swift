// XInput: real X input through xdotool (XTEST), as a person's mouse and
// keyboard would send it. Used by the showcase and the tests to drive the
// running demo.

import ClickGuardDemoKit
import Foundation

/// Sends real pointer and keyboard input with `xdotool`.
package enum XInput {
  /// The xdotool binary.
  package static let xdotool = "/usr/bin/xdotool"

  /// Whether an X display can be opened (`$DISPLAY` set and answering).
  package static func displayAvailable() -> Bool {
    guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else { return false }
    return run(["getdisplaygeometry"], quiet: true) == 0
  }

  /// Moves the pointer to (`x`, `y`) on the root window. No `--sync`: it
  /// waits for a motion that never comes when the pointer is already there.
  package static func move(x: Int, y: Int) {
    run(["mousemove", String(x), String(y)])
  }

  /// Clicks button 1 `count` times, `delayMs` apart, where the pointer is.
  package static func click(count: Int, delayMs: Int) {
    run(["click", "--repeat", String(count), "--delay", String(delayMs), "1"])
  }

  /// Moves to the centre of `rect` and clicks `count` times, `delayMs` apart.
  package static func burst(on rect: ScreenRect, count: Int, delayMs: Int) {
    let center = rect.center
    move(x: center.x, y: center.y)
    usleep(80_000)
    click(count: count, delayMs: delayMs)
  }

  /// Clicks each point of `points` in turn, once, `rounds` times over,
  /// `gapMs` from one click to the next, in one xdotool run so the gaps are
  /// xdotool's own sleeps (`click --delay 0`: no extra 100 ms after a click).
  static func alternate(between points: [(x: Int, y: Int)], rounds: Int, gapMs: Int) {
    var arguments: [String] = []
    for round in 0..<rounds {
      for (index, point) in points.enumerated() {
        if round > 0 || index > 0 { arguments += ["sleep", seconds(gapMs)] }
        arguments += ["mousemove", String(point.x), String(point.y), "click", "--delay", "0", "1"]
      }
    }
    run(arguments)
  }

  /// Gives the X window `xid` the input focus (XSetInputFocus: works with no
  /// window manager), so key events go to it.
  package static func focus(window xid: UInt) {
    run(["windowfocus", String(xid)])
    usleep(150_000)
  }

  /// Holds `key` (an X keysym name: `Return`, `space`) down for `ms`, then
  /// releases it; the X server auto-repeats it meanwhile, as for a person.
  package static func hold(key: String, ms: Int) {
    run(["keydown", key, "sleep", seconds(ms), "keyup", key])
  }

  private static func seconds(_ ms: Int) -> String {
    String(ms / 1000) + "." + String(ms % 1000).leftPaddedWithZeros(3)
  }

  /// Runs xdotool with `arguments`.
  /// - Returns: its exit status (-1 when it could not start).
  @discardableResult
  package static func run(_ arguments: [String], quiet: Bool = false) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xdotool)
    process.arguments = arguments
    if quiet {
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
    }
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}

extension String {
  fileprivate func leftPaddedWithZeros(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
