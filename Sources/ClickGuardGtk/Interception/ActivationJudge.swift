import CGtk
import ClickGuard

/// Judges one activation of a widget, whatever path it came by, with one
/// dispatcher, rules, modes and log for the process.
///
/// A widget is judged when a wrapper routes it (or its ``ListBox``) or the
/// global install is on. An accepted activation joins the main-loop level's
/// ``ActivationScope``, so its interval starts when its handlers return.
@MainActor
final class ActivationJudge {
  private unowned let runtime: GuardRuntime

  /// Settings for a widget nobody configured, asked at its first judgment and
  /// kept with it; `nil` means no rule matched. The module sets it from its rules.
  var resolver: (@MainActor (gpointer) -> ControlSettings?)?

  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// Whether a wrapper routes `widget` or its `container`, or the global install is on.
  func routes(_ widget: gpointer, in container: gpointer? = nil) -> Bool {
    routes(own: WidgetGuardState.existing(on: widget), list: container.flatMap { WidgetGuardState.existing(on: $0) })
  }

  private func routes(own: WidgetGuardState?, list: WidgetGuardState?) -> Bool {
    runtime.guardsEveryButton || own?.isWrapped == true || list?.isWrapped == true
  }

  /// The one judgment every path makes: `true` when `target` may act; an
  /// accepted target's ``ActivationTarget/accepted`` runs.
  func allows(_ target: ActivationTarget) -> Bool {
    guard
      allows(
        target.widget, in: target.container, action: target.action, kind: target.kind, input: target.input,
        state: target.state, readsRepeats: target.readsRepeats)
    else { return false }
    target.accepted?()
    return true
  }

  /// Judges `action` on `widget`, an item of `container` if given, now;
  /// states are looked up once, since every accepted click waits for this.
  /// - Returns: whether the activation may run; `false` means the caller drops it.
  func allows(
    _ widget: gpointer, in container: gpointer? = nil, action: ActionName, kind: ControlKind = .button,
    input: InputAttribution, state known: WidgetGuardState? = nil, readsRepeats: Bool = false
  ) -> Bool {
    let own = known ?? WidgetGuardState.existing(on: widget)
    let list = container.flatMap { WidgetGuardState.existing(on: $0) }
    guard routes(own: own, list: list) else { return true }
    let state = settled(own, of: widget)
    let activation = Activation(
      control: ControlID(object: widget), action: action, kind: kind, settings: settings(state, in: list),
      eventTime: input.eventTime, pressTime: input.pressTime, source: input.source,
      repeatFacts: readsRepeats && input.source == .user
        ? RepeatableControls.facts(of: widget, state: state, appearances: runtime.fences.appearances)
        : nil)
    let decision = runtime.dispatcher.begin(activation)
    guard decision.runsAction else {
      if runtime.ringsBellOnDrop, case .dropped = decision.outcome, GObjectType.isA(widget, gtk_widget_get_type()) {
        gtk_widget_error_bell(widget.assumingMemoryBound(to: GtkWidget.self))
      }
      return false
    }
    if decision.gate != nil { runtime.input.currentEventAcceptedActivation() }
    if state == nil, decision.gate?.owningControl != nil {
      // The widget's own gate: forgotten when the widget is finalized.
      _ = WidgetGuardState.attached(to: widget, runtime: runtime)
    }
    if let ticket = decision.ticket { runtime.scopes.enter(ticket, dispatcher: runtime.dispatcher) }
    return true
  }

  /// A wrapped container's settings unless the widget is wrapped itself.
  private func settings(_ own: WidgetGuardState?, in list: WidgetGuardState?) -> ControlSettings {
    if own?.isWrapped != true, let list, list.isWrapped { return list.settings }
    return own?.settings ?? ControlSettings()
  }

  /// `own`, with ``resolver``'s settings attached if none are set yet.
  private func settled(_ own: WidgetGuardState?, of widget: gpointer) -> WidgetGuardState? {
    guard own?.hasSettings != true, let resolver else { return own }
    let settled = own ?? WidgetGuardState.attached(to: widget, runtime: runtime)
    settled.settings = resolver(widget) ?? ControlSettings()
    return settled
  }
}
