import CGtk
import ClickGuard

/// A dropped change of a switch, while the `state-set` emission that makes
/// it runs: the handlers ClickGuard blocked, and the state to put back.
struct DroppedSwitchChange {
  /// The state the switch had before: what the app was told last.
  var restoredState: Bool
  /// The switch's `state-set` handlers blocked for the drop.
  var blockedHandlers: [gulong]
}

/// Judges a GtkSwitch's changes under the global install (the GTK module),
/// with a veto of their own: a switch has no `clicked`.
///
/// `gtk_switch_set_active` flips `active`, emits `state-set` (run-last: the
/// app's handlers run before any class handler), then notifies `active`;
/// with animations on, a click or key only starts a ~100 ms slide and the
/// frame clock makes the change, with no event. So:
/// - the click gesture's `released` and the switch's `activate` (Space,
///   Enter), before GTK's own handlers of them, note who began the change
///   (``SwitchState/pendingToggle``): the input tracker's attribution
///   of that event, used once, by the change it makes — no time window;
/// - an emission hook on `state-set`, which runs before every handler,
///   judges the change; a drop blocks the switch's `state-set` handlers;
/// - the `state-set` row of ``ActivationPaths/table`` overrides the class
///   handler (GAction, `state`): for a dropped change it puts `active`
///   back instead (that restore is neither judged nor told to the
///   handlers), unblocks the handlers and stops the emission.
///
/// The app's `state-set` handlers never hear of a dropped change, the
/// switch shows the state they were told last, and `notify::active`, which
/// GTK emits after `state-set`, reports that state. A switch a ``Switch``
/// wrapper routes is the wrapper's to judge.
@MainActor
final class SwitchChanges {
  /// The runtime that owns it: whether every button is guarded.
  private unowned let runtime: GuardRuntime
  /// Where input stands: who began a change.
  private let input: InputTracker
  /// What a change is judged by.
  private let judge: ActivationJudge

  /// The switch path of `runtime`: its input tracker and its judge.
  init(runtime: GuardRuntime) {
    self.runtime = runtime
    input = runtime.input
    judge = runtime.judge
  }

  /// Hooks the switch's `state-set` and the click gesture's `released`,
  /// each once GTK has initialised its class.
  func install(when classes: ClassSetupQueue) {
    classes.whenInitialized("GtkSwitch") { type in
      EmissionHook.add("state-set", on: type) { emission in
        guard emission.parameters.count > 1, let state = emission.parameters.baseAddress.map({ $0 + 1 }) else {
          return true
        }
        self.stateSet(
          emission.instance, signalID: emission.signalID, to: g_value_get_boolean(state) != 0)
        return true
      }
    }
    classes.whenInitialized("GtkGestureMultiPress") { type in
      EmissionHook.add("released", on: type) { emission in
        self.gestureReleased(emission)
        return true
      }
    }
  }

  /// Whether this path judges `instance`'s changes: the global install is
  /// on and no wrapper routes it.
  private func judgesHere(_ instance: gpointer) -> Bool {
    runtime.guardsEveryButton && WidgetGuardState.existing(on: instance)?.isWrapped != true
  }

  /// A click gesture's release: on a switch, inside it, it begins the
  /// switch's change (GtkSwitch toggles from its gesture's `released`,
  /// when the pointer is still in the switch).
  private func gestureReleased(_ emission: EmissionHook.Emission) {
    guard emission.parameters.count > 3, let values = emission.parameters.baseAddress,
      let widget = gtk_event_controller_get_widget(OpaquePointer(emission.instance)),
      GObjectType.isA(widget, gtk_switch_get_type())
    else { return }
    let x = g_value_get_double(values + 2)
    let y = g_value_get_double(values + 3)
    guard x >= 0, y >= 0, x < Double(gtk_widget_get_allocated_width(widget)),
      y < Double(gtk_widget_get_allocated_height(widget))
    else { return }
    toggleBegun(UnsafeMutableRawPointer(widget))
  }

  /// `instance` begins a change now (its slide, or the change itself with
  /// animations off): the input that made it is what the change will be
  /// attributed to. Called before GTK's handler runs: from the click
  /// gesture's `released` hook, and from the override of the switch's
  /// `activate` class handler (a row of ``ActivationPaths/table``; an
  /// emission hook would run after it, and the change too).
  func toggleBegun(_ instance: gpointer) {
    guard judgesHere(instance) else { return }
    let tracker = self.input
    let input: InputAttribution
    if tracker.isInsideActivation {
      input = .stamped(.nested, time: tracker.current?.time ?? 0)
    } else if let event = tracker.current, event.isKey {
      input = tracker.keyAttribution(event)
    } else {
      input = tracker.attribution(forClickOf: instance)
    }
    WidgetGuardState.attached(to: instance, runtime: runtime).switchState.pendingToggle = input
  }

  /// `instance` emits `state-set` (`signalID`) for `newState`, before any
  /// handler: judged; a drop blocks the switch's handlers of the signal
  /// until its class handler (``runsClassHandler(_:)``).
  private func stateSet(_ instance: gpointer, signalID: guint, to newState: Bool) {
    guard judgesHere(instance), WidgetGuardState.existing(on: instance)?.existingSwitchState?.isRestoring != true else {
      return
    }
    let input = attribution(ofChangeOf: instance)
    guard !judge.allows(instance, action: .stateSet, kind: .switch, input: input) else { return }
    WidgetGuardState.attached(to: instance, runtime: runtime).switchState.droppedChange = DroppedSwitchChange(
      restoredState: !newState, blockedHandlers: Signal.blockHandlers(of: instance, signalID: signalID))
  }

  /// Who made `instance`'s change now: the click or key that began it
  /// (used once: the app's own changes afterwards stay its own), else the
  /// event being dispatched.
  private func attribution(ofChangeOf instance: gpointer) -> InputAttribution {
    let state = WidgetGuardState.existing(on: instance)?.existingSwitchState
    let pending = state?.pendingToggle
    state?.pendingToggle = nil
    return pending ?? input.attribution(forClickOf: instance)
  }

  /// The `state-set` class handler's step: whether GTK's default handler
  /// runs. Not for a dropped change, which is put back here (with its
  /// handlers still blocked, so they do not hear of the restore), nor for
  /// that restore itself.
  func runsClassHandler(_ instance: gpointer) -> Bool {
    guard let state = WidgetGuardState.existing(on: instance)?.existingSwitchState else { return true }
    if state.isRestoring { return false }
    guard let drop = state.droppedChange else { return true }
    state.droppedChange = nil
    state.isRestoring = true
    gtk_switch_set_active(instance.assumingMemoryBound(to: GtkSwitch.self), drop.restoredState ? 1 : 0)
    state.isRestoring = false
    Signal.unblockHandlers(drop.blockedHandlers, of: instance)
    return false
  }
}
