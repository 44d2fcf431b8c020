import CGtk4
import ClickGuard

/// Judges every activation in the process, wrapped or under ``GlobalGuard``,
/// with one dispatcher, whatever signal it comes by: GtkButton's `clicked`
/// (its class handler is overridden, so a drop stops the emission before the
/// app's handlers and a dropped toggle button never flips), and the controls'
/// signals ``ControlSignals`` hooks.
///
/// An accepted activation joins the main-loop level's ``ActivationScope``,
/// so its interval starts when its handlers return.
@MainActor
final class ActivationJudge {
  private unowned let runtime: GuardRuntime
  private(set) lazy var controls = ControlSignals(judge: self, input: runtime.input)

  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// Overrides `clicked`, notes each `activate` and hooks the controls'
  /// signals. Once per process.
  func install() {
    let button = gtk_button_get_type()
    g_type_class_unref(g_type_class_ref(button))
    cg_override_class_handler("clicked", button, clickedHandler, nil)
    // A key's `clicked` comes later, from a timeout: note the `activate`.
    EmissionHook.add("activate", on: button) { [runtime] emission in
      runtime.input.activationBegun(on: emission.instance)
      return true
    }
    controls.install()
  }

  /// Whether the `clicked` being emitted on `button` may act.
  fileprivate func allowsClick(on button: gpointer) -> Bool {
    allows(
      button, action: Self.actionName(of: button),
      kind: GObjectType.isA(button, gtk_toggle_button_get_type()) ? .toggle : .button, readsRepeats: true)
  }

  /// The one judgment every signal makes: whether `action` on `widget`, an
  /// item of `container` if given, may act now. A widget is judged when a
  /// wrapper routes it or its container, or the global guard is on; a
  /// wrapped container's settings apply to items not wrapped themselves.
  /// `input` is who began it when the caller knows (an accelerator),
  /// `readsRepeats` whether a person's repeat may act within the window, and
  /// `gate` the object whose gate judges it when not the widget's own (a radio group's).
  func allows(
    _ widget: gpointer, in container: gpointer? = nil, action: ActionName, kind: ControlKind,
    input known: InputAttribution? = nil, readsRepeats: Bool = false, gate shared: gpointer? = nil
  ) -> Bool {
    let state = WidgetGuardState.existing(on: widget)
    let list = container.flatMap { WidgetGuardState.existing(on: $0) }
    guard runtime.guardsEveryButton || state?.isWrapped == true || list?.isWrapped == true else { return true }
    let settings =
      if state?.isWrapped != true, let list, list.isWrapped { list.settings } else {
        state?.settings ?? ControlSettings()
      }
    let input = known ?? runtime.input.attribution(of: widget)
    let repeatFacts = readsRepeats && input.source == .user ? RepeatableControls.facts(of: widget, state: state) : nil
    let activation = Activation(
      control: ControlID(object: shared ?? widget), action: action, kind: kind, settings: settings,
      eventTime: input.eventTime, pressTime: input.pressTime, source: input.source, repeatFacts: repeatFacts)
    let decision = runtime.dispatcher.begin(activation)
    guard decision.runsAction else { return false }
    if decision.gate != nil { runtime.input.currentEventAcceptedActivation() }
    if state == nil, decision.gate?.owningControl != nil {
      // The widget's own gate: forgotten when the widget is finalized.
      _ = WidgetGuardState.attached(to: widget, runtime: runtime)
    }
    if let ticket = decision.ticket { runtime.scopes.enter(ticket, dispatcher: runtime.dispatcher) }
    return true
  }

  /// The button's GAction (GtkActionable), else `clicked`.
  private static func actionName(of button: gpointer) -> ActionName {
    guard let name = gtk_actionable_get_action_name(OpaquePointer(button)) else { return .clicked }
    return ActionName(String(cString: name))
  }
}

/// GtkButton's `clicked` class handler, overridden: judge, then run the
/// class's own handler or stop the emission. GTK emits on the main thread.
private let clickedHandler: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let button = CallbackArgument(instance)
  MainActor.assumeIsolated {
    guard GuardRuntime.shared.judge.allowsClick(on: button.value) else {
      g_signal_stop_emission_by_name(button.value, "clicked")
      return
    }
    cg4_button_clicked_method(button.value)
  }
}
