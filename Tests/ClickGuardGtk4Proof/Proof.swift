import CGtk4
import ClickGuardGtk4
import Foundation

/// One run: the window, the scenario's control, the input, the result.
@MainActor
final class Proof {
  let scenario: any ProofScenario
  let isGuarded: Bool
  var result = ProofResult()
  /// How many async actions are running: the run waits for them.
  var runningActions = 0
  /// Wrappers are kept for the run, with their handlers.
  private var kept: [Control] = []
  private let title = "clickguard-gtk4-proof-\(getpid())"

  init(scenario: any ProofScenario, isGuarded: Bool) {
    self.scenario = scenario
    self.isGuarded = isGuarded
  }

  func run() throws -> ProofResult {
    if isGuarded {
      scenario.prepare(self)
      try GtkClickGuard.start()
    } else {
      guard gtk_init_check() != 0 else { throw ProofError("cannot open a display; run under Xvfb") }
      // Lets `await` resume in GTK's main loop, as it does for ClickGuard's own async actions.
      MainLoopBridge.install()
    }
    let window = gtk_window_new()!
    gtk_window_set_title(window.cast(), title)
    gtk_window_set_default_size(window.cast(), 240, 120)
    scenario.prepareWindow(window, in: self)
    let control = scenario.makeControl(in: self)
    gtk_window_set_child(window.cast(), control)
    gtk_window_present(window.cast())
    iterate(for: .milliseconds(200)) { gtk_widget_get_mapped(control) == 0 }
    iterate(for: .milliseconds(400))
    scenario.focus(control)
    iterate(for: .milliseconds(100))
    try makeInput(on: control)
    iterate(for: .seconds(1))
    iterate(for: .seconds(5)) { self.runningActions > 0 }
    iterate(for: .milliseconds(200))
    scenario.finish(control, in: self)
    return result
  }

  private func makeInput(on control: WidgetPointer) throws {
    result.inputs = scenario.inputCount
    if g_getenv("CLICKGUARD_PROOF_INPUT").map({ String(cString: $0) }) == "external" {
      awaitExternalInput()
      return
    }
    let windowID =
      try xdotool(["search", "--sync", "--onlyvisible", "--name", title])
      .split(separator: "\n").first.map(String.init) ?? ""
    let arguments = scenario.input(window: windowID)
    guard !arguments.isEmpty else {
      scenario.act(on: control, in: self)
      return
    }
    let input = Process()
    input.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    input.arguments = arguments
    try input.run()
    iterate(for: .seconds(20)) { input.isRunning }
  }

  /// The input comes from outside (a Wayland compositor's remote desktop
  /// session, driven by the test): says `ready`, runs the main loop until
  /// stdin says `done`, and answers `ok`.
  private func awaitExternalInput() {
    say("ready")
    var line: [UInt8] = []
    iterate(for: .seconds(60)) {
      var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 0) > 0 else { return true }
      var byte: UInt8 = 0
      guard read(0, &byte, 1) == 1 else { return false }
      if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) != "done" }
      line.append(byte)
      return true
    }
    say("ok")
  }

  /// Writes `line` to stdout at once (print's buffer would hold it).
  private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// A button running `action` on `clicked`: ClickGuard's when guarded, else plain GTK 4's.
  func button(label: String, _ action: @escaping @MainActor () -> Void) -> WidgetPointer {
    guard isGuarded else {
      let plain = gtk_button_new_with_label(label)!
      Signal.connect(plain, "clicked") { _ in action() }
      return plain
    }
    let wrapped = Button(label: label)
    wrapped.onClick(action)
    keep(wrapped)
    return wrapped.widget
  }

  /// A state control's handler: counts the change, notes the state it was
  /// told and stalls the main loop `ms`.
  func stalledStateHandler(ms: Int) -> @MainActor (Bool) -> Void {
    { state in
      self.result.actions += 1
      self.result.toldState = state
      self.stall(ms: ms)
    }
  }

  /// Keeps `control`'s wrapper for the run.
  func keep(_ control: Control) {
    kept.append(control)
  }

  /// Blocks the main loop for `ms`, as a lagging app does.
  func stall(ms: Int) {
    g_usleep(gulong(ms) * 1000)
  }

  /// Runs the main loop for up to `limit`, while `condition` holds.
  func iterate(for limit: Duration, while condition: () -> Bool = { true }) {
    let clock = ContinuousClock()
    let end = clock.now + limit
    while clock.now < end, condition() {
      if g_main_context_iteration(nil, 0) == 0 { g_usleep(2000) }
    }
  }

  /// Runs xdotool with `arguments` to its end; what it printed.
  private func xdotool(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ProofError("xdotool \(arguments) failed") }
    return String(decoding: data, as: UTF8.self)
  }
}

struct ProofError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension gboolean {
  var isTrue: Bool { self != 0 }
}
