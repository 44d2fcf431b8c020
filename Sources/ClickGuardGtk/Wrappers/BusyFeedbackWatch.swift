// BusyFeedbackWatch: the dispatcher's gate transitions, turned into busy
// looks and dropped-click flashes on the controls that show them.

import CGtk
import ClickGuard

/// Watches the runtime's dispatcher's gate transitions while any control
/// shows busy feedback, and hands each to its control's ``BusyIndicator``.
///
/// The gate observer is added only then: an observer makes the dispatcher
/// describe every judgement, which costs every click a little.
@MainActor
final class BusyFeedbackWatch {
  /// How long the dropped-click flash shows.
  static let flashMilliseconds = 300

  /// The runtime that owns it: the dispatcher, which can be replaced.
  private unowned let runtime: GuardRuntime
  /// The feedback of controls with no setting of their own
  /// (``GtkClickGuard/busyFeedback``).
  var globalFeedback = BusyFeedback.off {
    didSet { watchIfNeeded() }
  }
  /// Every indicator, by control: the gate transitions name controls.
  private var byControl: [ControlID: BusyIndicator] = [:]
  /// The dispatcher watched, and the observation on it.
  private var watched: (dispatcher: ClickDispatcher, token: ObservationToken)?
  /// The last accepted transition of a control with no indicator yet: its
  /// wrapper's handler, which runs next, takes it up.
  private var unclaimed: GateTransition?
  private var isFlashStyleInstalled = false

  /// The watch of `runtime`'s controls.
  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// Whether the current dispatcher's transitions are watched.
  var isWatching: Bool { watched != nil }

  /// Notes `indicator` as `control`'s, or forgets the control's with `nil`.
  func setIndicator(_ indicator: BusyIndicator?, for control: ControlID) {
    byControl[control] = indicator
  }

  /// A wrapper's handler runs for the activation being handled: the
  /// control's indicator, made now if it had none, takes up the accepted
  /// transition it may have missed (a control gets its indicator at its
  /// first action, so that wrapping a widget costs nothing more).
  func actionStarts(on widget: WidgetPointer) {
    guard isWatching, BusyIndicator.existing(on: widget.raw) == nil else { return }
    let indicator = BusyIndicator.attached(to: widget, watch: self)
    if let accepted = takeUnclaimed(for: ControlID(object: widget.raw)) { indicator.gateAccepted(accepted) }
  }

  /// Starts watching the current dispatcher when any control shows busy
  /// feedback; stops when none does. Called when a setting changes and when
  /// a control is made (the dispatcher may have been replaced).
  func watchIfNeeded() {
    let dispatcher = runtime.dispatcher
    let global = globalFeedback
    let needed =
      global != .off || byControl.values.contains { ($0.feedback ?? .off) != .off }
    if let watched, !needed || watched.dispatcher !== dispatcher {
      watched.dispatcher.removeGateObserver(watched.token)
      self.watched = nil
    }
    guard needed, watched == nil else { return }
    watched = (dispatcher, dispatcher.addGateObserver { [unowned self] transition in observe(transition) })
  }

  /// The accepted transition `control` missed, if it is the last one.
  private func takeUnclaimed(for control: ControlID) -> GateTransition? {
    guard let transition = unclaimed, transition.control == control else { return nil }
    unclaimed = nil
    return transition
  }

  private func observe(_ transition: GateTransition) {
    let indicator = byControl[transition.control]
    switch transition.kind {
    case .accepted:
      unclaimed = indicator == nil ? transition : nil
      indicator?.gateAccepted(transition)
    case .finished, .expired:
      indicator?.gateReopened(transition.gate)
    case .dropped:
      // Observe mode lets the click through: nothing was dropped.
      guard runtime.dispatcher.configuration.mode == .enforce else { return }
      indicator?.droppedClick()
    }
  }

  /// The flash's built-in look, at GTK's fallback priority: any theme or
  /// app CSS that styles `.clickguard-dropped` replaces it.
  func installFlashStyle(for widget: WidgetPointer) {
    guard !isFlashStyleInstalled, let screen = gtk_widget_get_screen(widget) else { return }
    isFlashStyleInstalled = true
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, ".\(BusyFeedback.droppedStyleClass) { opacity: 0.55; }", -1, nil)
    gtk_style_context_add_provider_for_screen(
      screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_FALLBACK))
    g_object_unref(provider)
  }
}
