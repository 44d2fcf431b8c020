// ControlsPanel: binds the panel beside the navigator to the live settings —
// guard mode, intervals (global and per control), the fence, the lag
// injector and the deferred page switch — and reports every change to the log.

import CGtk
import ClickGuard
import ClickGuardGObject
import ClickGuardGtk

/// The controls panel.
@MainActor
final class ControlsPanel {
  private let dispatcher: ClickDispatcher
  private let navigator: StackNavigator
  private let lag: LagInjector
  private let registry: ControlRegistry
  private let log: DemoLog
  private let titlebar: WidgetPointer
  private let stallNote: StallNote
  /// The stall the panel last cut short of its period, while the note says
  /// so.
  private var stallClampedTo: Int?
  private var widgets: [String: WidgetPointer] = [:]
  private var isLoading = false
  private static let policies: [ControlPolicy] = [.automatic, .guarded, .exempt]

  /// Finds the panel's widgets in `builder`, registers them, shows
  /// `options`, and connects them.
  init(
    builder: UIBuilder, options: DemoOptions, dispatcher: ClickDispatcher, navigator: StackNavigator,
    lag: LagInjector, registry: ControlRegistry, log: DemoLog, titlebar: WidgetPointer,
    onReset: @escaping @MainActor () -> Void
  ) throws(DemoStartError) {
    self.dispatcher = dispatcher
    self.navigator = navigator
    self.lag = lag
    self.registry = registry
    self.log = log
    self.titlebar = titlebar
    for named in DemoWidgets.panel {
      let widget = try builder.widget(named.name)
      widgets[named.name] = widget
      registry.register(widget: widget, named)
    }
    stallNote = StallNote(below: widgets["stall-every-spin"]!, stallSpin: widgets["stall-spin"]!)
    registry.register(widget: stallNote.label, DemoWidgets.stallNote)
    stallNote.hide()
    isLoading = true
    show(options)
    loadSelectedControl()
    isLoading = false
    connect(onReset: onReset)
    updateSubtitle()
    showArmed(lag.isArmed)
    lag.onArmedChange = { [weak self] armed in self?.showArmed(armed) }
  }

  private func showArmed(_ armed: Bool) {
    gtk_button_set_label(
      widget("stall-arm-button").cast(), armed ? localized("Armed: next click") : localized("Stall next click"))
  }

  private func widget(_ name: String) -> WidgetPointer { widgets[name]! }

  private func spinValue(_ name: String) -> Int { Int(gtk_spin_button_get_value_as_int(widget(name).cast())) }

  private func setSpin(_ name: String, _ value: Int, option: String) {
    if case .milliseconds(let range, _)? = OptionSpec.named(option)?.kind {
      gtk_spin_button_set_range(widget(name).cast(), 0, Double(range.upper))
    }
    gtk_spin_button_set_value(widget(name).cast(), Double(value))
  }

  private func show(_ options: DemoOptions) {
    gtk_switch_set_active(widget("guard-switch").cast(), options.guardEnabled ? 1 : 0)
    gtk_toggle_button_set_active(widget("observe-check").cast(), options.observeOnly ? 1 : 0)
    gtk_widget_set_sensitive(widget("observe-check"), options.guardEnabled ? 1 : 0)
    setSpin("interval-spin", options.intervalMs, option: "interval-ms")
    setSpin("control-interval-spin", options.intervalMs, option: "interval-ms")
    gtk_switch_set_active(widget("fence-switch").cast(), options.fenceEnabled ? 1 : 0)
    setSpin("stall-spin", options.stallMs, option: "stall-ms")
    setSpin("stall-every-spin", options.stallEveryMs, option: "stall-every-ms")
    setSpin("handler-lag-spin", options.handlerLagMs, option: "handler-lag-ms")
    setSpin("async-spin", options.asyncMs, option: "async-ms")
    setSpin("transition-spin", options.transitionMs, option: "transition-ms")
    gtk_toggle_button_set_active(widget("navigate-later-check").cast(), options.navigateLater ? 1 : 0)
    for control in DemoWidgets.tunable {
      gtk_combo_box_text_append(widget("control-combo").cast(), control.name, control.localizedAccessibleName)
    }
    gtk_combo_box_set_active(widget("control-combo").cast(), 0)
    for policy in Self.policies {
      gtk_combo_box_text_append(widget("control-policy-combo").cast(), policy.rawValue, policy.rawValue)
    }
  }

  private func connect(onReset: @escaping @MainActor () -> Void) {
    Signal.notify(widget("guard-switch").raw, property: "active") { [weak self] _ in self?.applyMode() }
    Signal.connect(widget("observe-check").raw, "toggled") { [weak self] _ in self?.applyMode() }
    onValue("interval-spin") { panel, ms in
      guard let interval = try? ClickInterval(milliseconds: ms) else { return }
      try? panel.dispatcher.configuration.setInterval(interval)
      panel.log.record(.setting(name: "interval-ms", value: .number(ms)))
      panel.updateSubtitle()
      panel.loadSelectedControl()
    }
    Signal.connect(widget("control-combo").raw, "changed") { [weak self] _ in self?.loadSelectedControl() }
    Signal.connect(widget("control-policy-combo").raw, "changed") { [weak self] _ in self?.storeSelectedControl() }
    onValue("control-interval-spin") { panel, _ in panel.storeSelectedControl() }
    Signal.connect(widget("control-follow-global-check").raw, "toggled") { [weak self] _ in
      self?.storeSelectedControl()
    }
    Signal.notify(widget("fence-switch").raw, property: "active") { [weak self] object in
      guard let self else { return }
      let isOn = gtk_switch_get_active(object.assumingMemoryBound(to: GtkSwitch.self)) != 0
      self.navigator.fenceSettings.isEnabled = isOn
      self.log.record(.setting(name: "fence", value: .bool(self.navigator.fenceSettings.isEnabled)))
      self.updateSubtitle()
    }
    onValue("stall-spin") { panel, ms in panel.stallChanged(ms) }
    onValue("stall-every-spin") { panel, ms in
      // 1…99 ms would leave no time between stalls: the least period is 100.
      if ms > 0 && ms < 100 {
        gtk_spin_button_set_value(panel.widget("stall-every-spin").cast(), 100)
        return
      }
      panel.lag.stallEveryMs = ms
      panel.log.record(.setting(name: "stall-every-ms", value: .number(ms)))
      panel.applyStall(panel.lag.stallMs)
    }
    Signal.connect(widget("stall-arm-button").raw, "clicked") { [weak self] _ in
      guard let self else { return }
      self.lag.arm()
      self.log.record(.setting(name: "stall-armed", value: .bool(self.lag.isArmed)))
    }
    onValue("handler-lag-spin") { panel, ms in
      panel.lag.handlerLagMs = ms
      panel.log.record(.setting(name: "handler-lag-ms", value: .number(ms)))
    }
    onValue("async-spin") { panel, ms in
      panel.lag.asyncMs = ms
      panel.log.record(.setting(name: "async-ms", value: .number(ms)))
    }
    onValue("transition-spin") { panel, ms in
      gtk_stack_set_transition_duration(panel.navigator.stack.cast(), guint(ms))
      panel.log.record(.setting(name: "transition-ms", value: .number(ms)))
    }
    Signal.connect(widget("navigate-later-check").raw, "toggled") { [weak self] object in
      guard let self, !self.isLoading else { return }
      self.lag.navigateLater = gtk_toggle_button_get_active(object.assumingMemoryBound(to: GtkToggleButton.self)) != 0
      self.log.record(.setting(name: "navigate-later", value: .bool(self.lag.navigateLater)))
    }
    Signal.connect(widget("reset-button").raw, "clicked") { _ in onReset() }
  }

  /// The stall spin button changed to `ms`.
  private func stallChanged(_ ms: Int) {
    // The spin button may report the stall it was cut to once more after
    // the cut: nothing new.
    guard ms != stallClampedTo else { return }
    applyStall(ms)
  }

  /// Sets the stall to `asked`, cut short of the period when it is
  /// periodic (``StallLimit``): the spin button then shows the stall
  /// applied, and the note under the stall settings says why. Logs the
  /// stall when it changed or was cut.
  private func applyStall(_ asked: Int) {
    let every = lag.stallEveryMs
    let applied = StallLimit.clamp(stallMs: asked, everyMs: every)
    if applied == asked {
      stallClampedTo = nil
      stallNote.hide()
    } else {
      stallClampedTo = applied
      stallNote.show(asked: asked, applied: applied, everyMs: every)
      let wasLoading = isLoading
      isLoading = true
      gtk_spin_button_set_value(widget("stall-spin").cast(), Double(applied))
      isLoading = wasLoading
    }
    guard applied != lag.stallMs || applied != asked else { return }
    lag.stallMs = applied
    log.record(.setting(name: "stall-ms", value: .number(applied)))
  }

  private func onValue(_ name: String, _ body: @escaping @MainActor (ControlsPanel, Int) -> Void) {
    Signal.connect(widget(name).raw, "value-changed") { [weak self] _ in
      guard let self, !self.isLoading else { return }
      body(self, self.spinValue(name))
    }
  }

  private func applyMode() {
    let guardOn = gtk_switch_get_active(widget("guard-switch").cast()) != 0
    let observe = gtk_toggle_button_get_active(widget("observe-check").cast()) != 0
    gtk_widget_set_sensitive(widget("observe-check"), guardOn ? 1 : 0)
    let mode: GuardMode = guardOn ? (observe ? .observe : .enforce) : .off
    guard dispatcher.configuration.mode != mode else { return }
    dispatcher.configuration.mode = mode
    log.record(.setting(name: "mode", value: .string(mode.rawValue)))
    updateSubtitle()
  }

  private var selectedControl: String {
    guard let id = gtk_combo_box_get_active_id(widget("control-combo").cast()) else {
      return DemoWidgets.openDetails.name
    }
    return String(cString: id)
  }

  /// Shows the selected control's own settings.
  private func loadSelectedControl() {
    let wasLoading = isLoading
    isLoading = true
    defer { isLoading = wasLoading }
    let settings = registry.settings(of: selectedControl)
    let policyIndex = Self.policies.firstIndex(of: settings.policy) ?? 0
    gtk_combo_box_set_active(widget("control-policy-combo").cast(), Int32(policyIndex))
    let follows = settings.interval == nil
    gtk_toggle_button_set_active(widget("control-follow-global-check").cast(), follows ? 1 : 0)
    let ms = settings.interval.map { Int($0.milliseconds) } ?? Int(dispatcher.configuration.interval.milliseconds)
    gtk_spin_button_set_value(widget("control-interval-spin").cast(), Double(ms))
    gtk_widget_set_sensitive(widget("control-interval-spin"), follows ? 0 : 1)
  }

  /// Stores the panel's per-control settings on the selected control.
  private func storeSelectedControl() {
    guard !isLoading else { return }
    let name = selectedControl
    var settings = registry.settings(of: name)
    let policyIndex = Int(gtk_combo_box_get_active(widget("control-policy-combo").cast()))
    if Self.policies.indices.contains(policyIndex) { settings.policy = Self.policies[policyIndex] }
    let follows = gtk_toggle_button_get_active(widget("control-follow-global-check").cast()) != 0
    gtk_widget_set_sensitive(widget("control-interval-spin"), follows ? 0 : 1)
    settings.interval = follows ? nil : try? ClickInterval(milliseconds: spinValue("control-interval-spin"))
    registry.setSettings(settings, of: name)
    log.record(
      .setting(
        name: "control-settings",
        value: .object([
          ("control", .string(name)), ("policy", .string(settings.policy.rawValue)),
          ("interval_ms", settings.interval.map { .int($0.milliseconds) } ?? .null),
        ])))
  }

  private func updateSubtitle() {
    let configuration = dispatcher.configuration
    let mode =
      switch configuration.mode {
      case .enforce: localized("guard on")
      case .observe: localized("observe only")
      case .off: localized("guard off")
      }
    let fence = navigator.fenceSettings.isEnabled ? localized("fence on") : localized("fence off")
    gtk_header_bar_set_subtitle(
      titlebar.cast(),
      localized("{mode} · interval {interval} · {fence}").filling([
        "mode": mode, "interval": configuration.interval.description, "fence": fence,
      ]))
  }
}
