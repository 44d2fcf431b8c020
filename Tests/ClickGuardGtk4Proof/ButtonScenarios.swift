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

/// A button whose async action awaits 700 ms, clicked five times in it;
/// 300 ms after the first click the proof looks at the button.
struct SlowAsyncButton: ProofScenario {
  func makeControl(in proof: Proof) -> WidgetPointer {
    let work: @MainActor () async -> Void = {
      proof.result.actions += 1
      proof.runningActions += 1
      try? await Task.sleep(for: .milliseconds(700))
      proof.runningActions -= 1
    }
    let widget: WidgetPointer
    if proof.isGuarded {
      let wrapped = Button(label: "Save")
      wrapped.onClick { await work() }
      proof.keep(wrapped)
      widget = wrapped.widget
    } else {
      widget = gtk_button_new_with_label("Save")!
      Signal.connect(widget, "clicked") { _ in Task { @MainActor in await work() } }
    }
    Signal.connect(widget, "clicked", after: true) { instance in
      guard proof.result.busySeen == nil else { return }
      let button = instance.assumingMemoryBound(to: GtkWidget.self)
      MainLoop.after(ms: 300) {
        proof.result.busySeen = gtk_widget_has_css_class(button, "clickguard-busy").isTrue
        proof.result.focusKeptWhileBusy = gtk_widget_has_focus(button).isTrue && gtk_widget_get_sensitive(button).isTrue
      }
    }
    return widget
  }

  func input(window: String) -> [String] { clicks(on: window, count: 5, delay: 100) }
  var inputCount: Int { 5 }

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
