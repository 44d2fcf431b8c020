import CGtk4
import ClickGuardGtk4

/// A button whose handler stalls the main loop 250 ms (the app's lag),
/// clicked five times fast, or activated by Space three times; optionally
/// a plain GtkButton nobody wrapped, under ``GlobalGuard``.
struct StalledButton: ProofScenario {
  var isWrapped = true
  var byKeys = false

  func prepare(_ proof: Proof) {
    if !isWrapped { GlobalGuard.install() }
  }

  func makeControl(in proof: Proof) -> WidgetPointer {
    let action = { @MainActor in
      proof.result.actions += 1
      proof.stall(ms: 250)
    }
    guard isWrapped else {
      let plain = gtk_button_new_with_label("Open")!
      Signal.connect(plain, "clicked") { _ in action() }
      return plain
    }
    return proof.button(label: "Open", action)
  }

  func input(window: String) -> [String] {
    byKeys
      ? ["key", "--window", window, "--repeat", "3", "--delay", "60", "space"] : clicks(on: window, count: 5, delay: 40)
  }

  var inputCount: Int { byKeys ? 3 : 5 }
}

/// A wrapped button whose `clicked` the app emits three times itself.
struct AppClicks: ProofScenario {
  func makeControl(in proof: Proof) -> WidgetPointer {
    proof.button(label: "Open") { proof.result.actions += 1 }
  }

  func input(window: String) -> [String] { [] }
  var inputCount: Int { 3 }

  func act(on control: WidgetPointer, in proof: Proof) {
    for _ in 0..<3 {
      var instance = GValue()
      g_value_init(&instance, gtk_button_get_type())
      g_value_set_object(&instance, control)
      g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
      g_value_unset(&instance)
    }
  }
}

/// A button whose async action awaits `workMs` (then throws, if `fails`),
/// clicked as `clickGaps` says; the proof looks at the button `looksMs`
/// after the first click (the first look gives ``ProofResult/busySeen`` and
/// the focus, every look ``ProofResult/busyLooks``). `maxBusyMs` sets the
/// button's longest busy time.
struct SlowAsyncButton: ProofScenario {
  var workMs = 700
  var fails = false
  var maxBusyMs: Int?
  /// The pause before each click after the first (ms).
  var clickGaps = [100, 100, 100, 100]
  var looksMs = [300]

  struct Failure: Error {}

  func makeControl(in proof: Proof) -> WidgetPointer {
    let work: @MainActor () async throws -> Void = { [workMs, fails] in
      proof.result.actions += 1
      proof.runningActions += 1
      defer { proof.runningActions -= 1 }
      try? await Task.sleep(for: .milliseconds(workMs))
      if fails { throw Failure() }
    }
    let widget: WidgetPointer
    if proof.isGuarded {
      let wrapped = Button(label: "Save")
      if let maxBusyMs { wrapped.settings.maxBusy = try! ClickInterval(milliseconds: maxBusyMs, setting: "maxBusy") }
      wrapped.onClick { try await work() }
      proof.keep(wrapped)
      widget = wrapped.widget
    } else {
      widget = gtk_button_new_with_label("Save")!
      Signal.connect(widget, "clicked") { _ in Task { @MainActor in try? await work() } }
    }
    Signal.connect(widget, "clicked", after: true) { [looksMs] instance in
      guard proof.result.busyLooks == nil else { return }
      proof.result.busyLooks = []
      let button = instance.assumingMemoryBound(to: GtkWidget.self)
      for delay in looksMs {
        MainLoop.after(ms: delay) {
          let isBusy = gtk_widget_has_css_class(button, "clickguard-busy").isTrue
          if proof.result.busySeen == nil {
            proof.result.busySeen = isBusy
            proof.result.focusKeptWhileBusy =
              gtk_widget_has_focus(button).isTrue && gtk_widget_get_sensitive(button).isTrue
          }
          proof.result.busyLooks?.append(isBusy)
        }
      }
    }
    return widget
  }

  func input(window: String) -> [String] {
    ["mousemove", "--window", window, "120", "60", "click", "1"]
      + clickGaps.flatMap { ["sleep", "\(Double($0) / 1000)", "click", "1"] }
  }

  var inputCount: Int { clickGaps.count + 1 }

  func finish(_ control: WidgetPointer, in proof: Proof) {
    proof.result.busyCleared = !gtk_widget_has_css_class(control, "clickguard-busy").isTrue
  }
}

/// A toggle button whose handler stalls 150 ms, clicked four times fast:
/// skipped by default, judged when its policy is guarded.
struct StalledToggle: ProofScenario {
  var isGuarded: Bool

  func makeControl(in proof: Proof) -> WidgetPointer {
    let count = proof.stalledStateHandler(ms: 150)
    guard proof.isGuarded else {
      let plain = gtk_toggle_button_new_with_label("Bold")!
      Signal.connect(plain, "toggled") { _ in count(true) }
      return plain
    }
    let toggle = ToggleButton(label: "Bold")
    if isGuarded { toggle.settings.policy = .guarded }
    toggle.onToggle(count)
    proof.keep(toggle)
    return toggle.widget
  }

  func input(window: String) -> [String] { clicks(on: window, count: 4, delay: 40) }
  var inputCount: Int { 4 }

  func finish(_ control: WidgetPointer, in proof: Proof) {
    proof.result.active = gtk_toggle_button_get_active(control.cast()).isTrue
  }
}
