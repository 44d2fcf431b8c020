// BusyFeedbackWatch: the dispatcher's gate transitions, turned into busy
// looks and dropped-click flashes on the controls that show them.

import CGtk
import ClickGuard

/// Watches the dispatcher's gate transitions while any control shows busy
/// feedback, and hands each to its control's ``BusyIndicator``.
///
/// The gate observer is added only then: an observer makes the dispatcher
/// describe every judgement, which costs every click a little.
@MainActor
enum BusyFeedbackWatch {
  /// How long the dropped-click flash shows.
  static let flashMilliseconds = 300

  /// The dispatcher watched, and the observation on it.
  private static var watched: (dispatcher: ClickDispatcher, token: ObservationToken)?
  /// The last accepted transition of a control with no indicator yet: its
  /// wrapper's handler, which runs next, takes it up.
  private static var unclaimed: GateTransition?

  /// Whether the current dispatcher's transitions are watched.
  static var isWatching: Bool { watched != nil }

  /// Starts watching the current dispatcher when any control shows busy
  /// feedback; stops when none does. Called when a setting changes and when
  /// a control is made (the dispatcher may have been replaced).
  static func watchIfNeeded() {
    let dispatcher = GuardRuntime.shared.dispatcher
    let global = BusyIndicator.globalFeedback
    let needed =
      global != .off || BusyIndicator.byControl.values.contains { ($0.feedback ?? .off) != .off }
    if let watched, !needed || watched.dispatcher !== dispatcher {
      watched.dispatcher.removeGateObserver(watched.token)
      self.watched = nil
    }
    guard needed, watched == nil else { return }
    watched = (dispatcher, dispatcher.addGateObserver { transition in observe(transition) })
  }

  /// The accepted transition `control` missed, if it is the last one.
  static func takeUnclaimed(for control: ControlID) -> GateTransition? {
    guard let transition = unclaimed, transition.control == control else { return nil }
    unclaimed = nil
    return transition
  }

  private static func observe(_ transition: GateTransition) {
    let indicator = BusyIndicator.byControl[transition.control]
    switch transition.kind {
    case .accepted:
      unclaimed = indicator == nil ? transition : nil
      indicator?.gateAccepted(transition)
    case .finished, .expired:
      indicator?.gateReopened(transition.gate)
    case .dropped:
      // Observe mode lets the click through: nothing was dropped.
      guard GuardRuntime.shared.dispatcher.configuration.mode == .enforce else { return }
      indicator?.droppedClick()
    }
  }

  private static var isFlashStyleInstalled = false

  /// The flash's built-in look, at GTK's fallback priority: any theme or
  /// app CSS that styles `.clickguard-dropped` replaces it.
  static func installFlashStyle(for widget: WidgetPointer) {
    guard !isFlashStyleInstalled, let screen = gtk_widget_get_screen(widget) else { return }
    isFlashStyleInstalled = true
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, ".\(BusyFeedback.droppedStyleClass) { opacity: 0.55; }", -1, nil)
    gtk_style_context_add_provider_for_screen(
      screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_FALLBACK))
    g_object_unref(provider)
  }
}
