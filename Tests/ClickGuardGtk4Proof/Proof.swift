import CGtk4
import ClickGuardGtk4
import Foundation

/// One run: the window, the control and its handler, the input, the result.
@MainActor
final class Proof {
  let scenario: Scenario
  let isGuarded: Bool
  private var result = ProofResult()
  /// Wrappers are kept for the run: dropping one leaves its settings, but not its handler's state.
  private var kept: [Control] = []
  private var runningActions = 0
  private let title = "clickguard-gtk4-proof-\(getpid())"

  init(scenario: Scenario, isGuarded: Bool) {
    self.scenario = scenario
    self.isGuarded = isGuarded
  }

  func run() throws -> ProofResult {
    if isGuarded {
      try GtkClickGuard.start()
      if scenario == .global { GlobalGuard.install() }
    } else {
      guard gtk_init_check() != 0 else { throw ProofError("cannot open a display; run under Xvfb") }
      // Lets `await` resume in GTK's main loop, as it does for ClickGuard's own async actions.
      MainLoopBridge.install()
    }
    let window = gtk_window_new()!
    gtk_window_set_title(window.cast(), title)
    gtk_window_set_default_size(window.cast(), 240, 120)
    let control = makeControl()
    gtk_window_set_child(window.cast(), control)
    gtk_window_present(window.cast())
    iterate(for: .milliseconds(200)) { gtk_widget_get_mapped(control) == 0 }
    iterate(for: .milliseconds(400))
    gtk_widget_grab_focus(control)
    iterate(for: .milliseconds(100))

    if scenario == .programmatic {
      for _ in 0..<3 { emitClicked(on: control) }
      result.inputs = 3
    } else {
      let windowID =
        try xdotool(["search", "--sync", "--onlyvisible", "--name", title])
        .split(separator: "\n").first.map(String.init) ?? ""
      let input = Process()
      input.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
      input.arguments = scenario.input(window: windowID)
      try input.run()
      result.inputs = scenario == .keys ? 3 : (scenario == .toggle || scenario == .toggleGuarded ? 4 : 5)
      iterate(for: .seconds(20)) { input.isRunning }
    }
    iterate(for: .seconds(1))
    iterate(for: .seconds(5)) { self.runningActions > 0 }
    iterate(for: .milliseconds(200))
    if scenario == .async { result.busyCleared = !gtk_widget_has_css_class(control, "clickguard-busy").isTrue }
    if scenario == .toggle || scenario == .toggleGuarded {
      result.active = gtk_toggle_button_get_active(control.cast()).isTrue
    }
    return result
  }

  /// The scenario's control, with ClickGuard's wrapper when guarded.
  private func makeControl() -> WidgetPointer {
    switch scenario {
    case .lag, .keys, .programmatic:
      return button { [self] in
        result.actions += 1
        g_usleep(gulong(scenario.stall) * 1000)
      }
    case .global:
      // Never wrapped: the global install judges it.
      let plain = gtk_button_new_with_label("Open")!
      Signal.connect(plain, "clicked") { [self] _ in
        result.actions += 1
        g_usleep(gulong(scenario.stall) * 1000)
      }
      return plain
    case .async:
      return asyncButton()
    case .toggle, .toggleGuarded:
      let count: @MainActor (Bool) -> Void = { [self] _ in
        result.actions += 1
        g_usleep(gulong(scenario.stall) * 1000)
      }
      guard isGuarded else {
        let plain = gtk_toggle_button_new_with_label("Bold")!
        Signal.connect(plain, "toggled") { _ in count(true) }
        return plain
      }
      let toggle = ToggleButton(label: "Bold")
      if scenario == .toggleGuarded { toggle.settings.policy = .guarded }
      toggle.onToggle(count)
      kept.append(toggle)
      return toggle.widget
    }
  }

  /// A button running `action` on `clicked`: ClickGuard's, or plain GTK 4's.
  private func button(_ action: @escaping @MainActor () -> Void) -> WidgetPointer {
    guard isGuarded else {
      let plain = gtk_button_new_with_label("Open")!
      Signal.connect(plain, "clicked") { _ in action() }
      return plain
    }
    let wrapped = Button(label: "Open")
    wrapped.onClick(action)
    kept.append(wrapped)
    return wrapped.widget
  }

  /// A button whose action awaits 700 ms; midway the proof looks at it.
  private func asyncButton() -> WidgetPointer {
    let work: @MainActor () async -> Void = { [self] in
      result.actions += 1
      runningActions += 1
      try? await Task.sleep(for: .milliseconds(700))
      runningActions -= 1
    }
    let widget: WidgetPointer
    if isGuarded {
      let wrapped = Button(label: "Save")
      wrapped.onClick { await work() }
      kept.append(wrapped)
      widget = wrapped.widget
    } else {
      widget = gtk_button_new_with_label("Save")!
      Signal.connect(widget, "clicked") { _ in Task { @MainActor in await work() } }
    }
    Signal.connect(widget, "clicked", after: true) { [self] instance in
      guard result.busySeen == nil else { return }
      let button = instance.assumingMemoryBound(to: GtkWidget.self)
      // Looked at once the click's handlers have returned.
      MainLoop.after(ms: 300) {
        self.result.busySeen = gtk_widget_has_css_class(button, "clickguard-busy").isTrue
        self.result.focusKeptWhileBusy =
          gtk_widget_has_focus(button).isTrue && gtk_widget_get_sensitive(button).isTrue
      }
    }
    return widget
  }

  /// Emits `clicked` on `button` as the app's own code would.
  private func emitClicked(on button: WidgetPointer) {
    var instance = GValue()
    g_value_init(&instance, gtk_button_get_type())
    g_value_set_object(&instance, button)
    g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
    g_value_unset(&instance)
  }

  /// Runs the main loop for up to `limit`, while `condition` holds.
  private func iterate(for limit: Duration, while condition: () -> Bool = { true }) {
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
