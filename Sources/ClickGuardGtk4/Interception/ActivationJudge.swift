import CGtk4
import ClickGuard

/// Judges every GtkButton `clicked` in the process, wrapped or under
/// ``GlobalGuard``, with one dispatcher: GtkButton's class handler is
/// overridden, so a drop stops the emission before the app's handlers and
/// a dropped toggle button never flips.
///
/// An accepted click joins the main-loop level's ``ActivationScope``, so its
/// interval starts when its handlers return.
@MainActor
final class ActivationJudge {
  private unowned let runtime: GuardRuntime

  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// Overrides `clicked` and notes each `activate`. Once per process.
  func install() {
    let button = gtk_button_get_type()
    g_type_class_unref(g_type_class_ref(button))
    cg_override_class_handler("clicked", button, clickedHandler, nil)
    // A key's `clicked` comes later, from a timeout: note the `activate`.
    EmissionHook.add("activate", on: button) { [runtime] emission in
      runtime.input.buttonActivated(emission.instance)
      return true
    }
  }

  /// Whether the `clicked` being emitted on `button` may act.
  fileprivate func allowsClick(on button: gpointer) -> Bool {
    let state = WidgetGuardState.existing(on: button)
    guard runtime.guardsEveryButton || state?.isWrapped == true else { return true }
    let input = runtime.input.attribution(ofClickOn: button)
    return allows(
      button, action: Self.actionName(of: button),
      kind: GObjectType.isA(button, gtk_toggle_button_get_type()) ? .toggle : .button, input: input, state: state,
      repeatFacts: input.source == .user ? RepeatableControls.facts(of: button, state: state) : nil)
  }

  /// The one judgment every path makes: whether `action` on `object`, begun
  /// by `input`, may act now. An accepted activation joins the scope of the
  /// main-loop level; `false` means the caller drops it.
  /// `repeatFacts` says whether a person's repeat may act within the window.
  func allows(
    _ object: gpointer, action: ActionName, kind: ControlKind, input: InputAttribution, state: WidgetGuardState?,
    repeatFacts: RepeatFacts? = nil
  ) -> Bool {
    let activation = Activation(
      control: ControlID(object: object), action: action, kind: kind, settings: state?.settings ?? ControlSettings(),
      eventTime: input.eventTime, pressTime: input.pressTime, source: input.source, repeatFacts: repeatFacts)
    let decision = runtime.dispatcher.begin(activation)
    guard decision.runsAction else { return false }
    if decision.gate != nil { runtime.input.currentEventAcceptedActivation() }
    if state == nil, decision.gate?.owningControl != nil {
      // The object's own gate: forgotten when the object is finalized.
      _ = WidgetGuardState.attached(to: object, runtime: runtime)
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
