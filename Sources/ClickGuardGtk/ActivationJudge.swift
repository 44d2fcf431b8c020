import CGtk
import ClickGuard

/// Judges one activation of a widget that is not a button: a list row
/// activated by keyboard, an entry's `activate`, a window's GAction
/// accelerator. The same rules, modes and log as the `clicked` override, so
/// every path of the process shares one dispatcher.
///
/// Only the global install (``GlobalGuard``, the GTK module) judges these:
/// no wrapper routes such widgets. An accepted activation joins the current
/// main-loop level's ``ActivationScope``, so its interval starts when the
/// handlers it runs have returned.
@MainActor
enum ActivationJudge {
  /// Judges `action` on `widget` now.
  /// - Returns: whether the activation may run (`true` when nothing is
  ///   guarded); `false` means the caller drops it.
  static func allows(
    _ widget: gpointer, action: ActionName, source: ActivationSource, eventTime: EventTimestamp?
  ) -> Bool {
    let runtime = GuardRuntime.shared
    guard runtime.guardsEveryButton else { return true }
    let state = WidgetGuardState.existing(on: widget)
    let activation = Activation(
      control: ControlID(object: widget), action: action, kind: .button,
      settings: state?.settings ?? ControlSettings(), eventTime: eventTime, source: source)
    let decision = runtime.dispatcher.begin(activation)
    guard decision.runsAction else { return false }
    if decision.gate?.owningControl != nil {
      // The widget's own gate: forgotten when the widget is finalized.
      _ = WidgetGuardState.attached(to: widget)
    }
    if let ticket = decision.ticket { runtime.scopes.enter(ticket, dispatcher: runtime.dispatcher) }
    return true
  }

  /// Who pressed the key of `event`, and when: a held key's auto-repeat
  /// keeps the time its first press went down, so a held key acts once.
  static func keyAttribution(_ event: UnsafeMutablePointer<GdkEvent>) -> (ActivationSource, EventTimestamp?) {
    var keyval: guint = 0
    gdk_event_get_keyval(event, &keyval)
    let time = gdk_event_get_time(event)
    guard time != 0 else { return (.programmatic, nil) }
    return (.user, EventTimestamp(gdkTime: GuardRuntime.shared.input.downTime(ofKey: keyval) ?? time))
  }
}
