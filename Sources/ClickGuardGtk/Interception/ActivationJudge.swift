import CGtk
import ClickGuard

/// Judges one activation of a widget, whatever path it came by: a button's
/// `clicked`, a menu item's `activate`, a list row activated by keyboard, an
/// entry's `activate`, a window's GAction accelerator. One dispatcher, the
/// same rules, modes and log for every path of the process.
///
/// A widget is judged when a wrapper routes it (or the list it is an item
/// of: ``ListBox``) or the global install (``GlobalGuard``, the GTK module)
/// is on. An accepted activation joins the
/// current main-loop level's ``ActivationScope``, so its interval starts when
/// the handlers it runs have returned.
@MainActor
final class ActivationJudge {
  /// The runtime that owns it: its dispatcher, whether every button is
  /// judged, the bell, the input tracker, the scopes and the fence.
  private unowned let runtime: GuardRuntime

  /// Gives a widget nobody set settings on its settings, at its first
  /// judgment; they are kept with the widget from then on. `nil` (the
  /// default) leaves such widgets on the global configuration. The GTK
  /// module sets it from its rules file (``WidgetSettings/resolver``);
  /// returning `nil` means no rule matched.
  var resolver: (@MainActor (gpointer) -> ControlSettings?)?

  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// Whether activations of `widget` are judged: a wrapper routes it or
  /// its `container`, or the global install is on.
  func routes(_ widget: gpointer, in container: gpointer? = nil) -> Bool {
    routes(own: WidgetGuardState.existing(on: widget), list: container.flatMap { WidgetGuardState.existing(on: $0) })
  }

  /// Whether a widget carrying `own` in a container carrying `list` is
  /// judged.
  private func routes(own: WidgetGuardState?, list: WidgetGuardState?) -> Bool {
    runtime.guardsEveryButton || own?.isWrapped == true || list?.isWrapped == true
  }

  /// The one judgment every path makes: `true` when `target` may act (it
  /// is not routed, or it was accepted or only observed); an accepted
  /// target's ``ActivationTarget/accepted`` runs.
  func allows(_ target: ActivationTarget) -> Bool {
    guard
      allows(
        target.widget, in: target.container, action: target.action, kind: target.kind, input: target.input,
        state: target.state, readsRepeats: target.readsRepeats)
    else { return false }
    target.accepted?()
    return true
  }

  /// Judges `action` on `widget`, an item of `container` if given, now.
  /// The widget's and the container's states are looked up once (the
  /// widget's not at all when the caller passes it as `state`): a click
  /// judged here is on the path every accepted click waits for.
  /// - Returns: whether the activation may run (`true` when the widget is
  ///   not routed); `false` means the caller drops it.
  /// `readsRepeats`: whether a person's press may be a repeat the window
  /// lets through (a button: ``RepeatableControls``).
  func allows(
    _ widget: gpointer, in container: gpointer? = nil, action: ActionName, kind: ControlKind = .button,
    input: InputAttribution, state known: WidgetGuardState? = nil, readsRepeats: Bool = false
  ) -> Bool {
    let own = known ?? WidgetGuardState.existing(on: widget)
    let list = container.flatMap { WidgetGuardState.existing(on: $0) }
    guard routes(own: own, list: list) else { return true }
    var input = input
    // Made while GTK handles an event whose activation was accepted (an
    // entry's Return activating the dialog's default button): part of it.
    if input.source == .user || input.source == .shortcut, runtime.input.current?.hasAcceptedActivation == true {
      input.source = .nested
    }
    let state = settled(own, of: widget)
    let activation = Activation(
      control: ControlID(object: widget), action: action, kind: kind, settings: settings(state, in: list),
      eventTime: input.eventTime, pressTime: input.pressTime, source: input.source,
      repeatFacts: readsRepeats && input.source == .user
        ? RepeatableControls.facts(of: widget, state: state, appearances: runtime.fences.appearances)
        : nil)
    let verdict = runtime.dispatcher.judge(activation)
    guard verdict.runsAction else {
      if runtime.ringsBellOnDrop, case .dropped = verdict.outcome, GObjectType.isA(widget, gtk_widget_get_type()) {
        gtk_widget_error_bell(widget.assumingMemoryBound(to: GtkWidget.self))
      }
      return false
    }
    if verdict.gate != nil { runtime.input.currentEventAcceptedActivation() }
    if state == nil, verdict.gate?.owningControl != nil {
      // The widget's own gate: forgotten when the widget is finalized.
      _ = WidgetGuardState.attached(to: widget)
    }
    if let ticket = verdict.ticket { runtime.scopes.enter(ticket, dispatcher: runtime.dispatcher) }
    return true
  }

  /// The settings a widget carrying `own` is judged with: a wrapped
  /// container's `list` (a ``ListBox``'s rows have the list's) unless the
  /// widget is wrapped itself, else its own.
  private func settings(_ own: WidgetGuardState?, in list: WidgetGuardState?) -> ControlSettings {
    if own?.isWrapped != true, let list, list.isWrapped { return list.settings }
    return own?.settings ?? ControlSettings()
  }

  /// The state `own` of `widget`; when nothing set its settings yet and a
  /// ``resolver`` is installed, with the settings it resolves
  /// (attached now, so they are resolved once and go with the widget).
  private func settled(_ own: WidgetGuardState?, of widget: gpointer) -> WidgetGuardState? {
    guard own?.hasSettings != true, let resolver else { return own }
    let settled = own ?? WidgetGuardState.attached(to: widget)
    settled.settings = resolver(widget) ?? ControlSettings()
    return settled
  }
}
