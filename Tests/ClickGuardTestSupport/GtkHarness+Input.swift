// GtkHarness+Input: real X input (XTEST through xdotool) to widgets in this
// process, with the GTK main loop running while it arrives — or stalled, as
// behind a frozen app.

import ClickGuardGtk

extension GtkHarness {
  /// Runs `xdotool` with `arguments` (real XTEST input). With `pumping`, the
  /// GTK main loop keeps running while it does; without, the main loop is
  /// stalled and the input queues up, as behind a frozen app.
  /// - Returns: xdotool's exit status, or -1 if it could not run or, pumping,
  ///   took longer than a minute.
  @discardableResult
  package static func xdotool(_ arguments: [String], pumping: Bool = true) -> Int32 {
    pumping ? ChildProcess.runPumping(XDoTool.path, arguments) : XDoTool.run(arguments)
  }

  /// Clicks `widget`'s centre `count` times, `delayMs` apart, with real
  /// pointer input.
  /// - Parameter pumping: whether the main loop runs while the clicks are
  ///   sent (see ``xdotool(_:pumping:)``).
  package static func click(_ widget: WidgetPointer, count: Int, delayMs: Int, pumping: Bool = true) {
    let (x, y) = screenCenter(of: widget)
    // No --sync: it waits for a motion event that never comes when the
    // pointer is already there.
    xdotool(["mousemove", String(x), String(y)])
    pump(for: 0.05)
    xdotool(["click", "--repeat", String(count), "--delay", String(delayMs), "1"], pumping: pumping)
  }

  /// Clicks the centres of `widgets` in turn, `rounds` times over,
  /// `delayMs` between clicks, in one xdotool run (real pointer input).
  package static func clickInTurn(_ widgets: [WidgetPointer], rounds: Int, delayMs: Int) {
    var arguments: [String] = []
    for round in 0..<rounds {
      for (index, widget) in widgets.enumerated() {
        if round > 0 || index > 0 { arguments += ["sleep", String(Double(delayMs) / 1000)] }
        let (x, y) = screenCenter(of: widget)
        arguments += ["mousemove", String(x), String(y), "click", "1"]
      }
    }
    xdotool(arguments)
  }

  /// Holds `key` (an X keysym name: `space`, `Return`) for `seconds`, letting
  /// the X server auto-repeat it, while the main loop runs.
  package static func holdKey(_ key: String, seconds: Double) {
    xdotool(["keydown", key])
    pump(for: seconds)
    xdotool(["keyup", key])
  }

  /// Presses `key` `count` times, each held `holdMs` and pressed `periodMs`
  /// after the previous press, while the main loop runs.
  package static func pressHeld(_ key: String, count: Int, holdMs: Int, periodMs: Int) {
    xdotool(XDoTool.heldPresses(key, count: count, holdMs: holdMs, periodMs: periodMs))
  }
}
