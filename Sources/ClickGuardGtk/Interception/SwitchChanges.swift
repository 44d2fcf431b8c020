import CGtk
import ClickGuard

/// A dropped switch change during its `state-set` emission: the handlers
/// blocked, and the state to put back (what the app was told last).
struct DroppedSwitchChange {
  var restoredState: Bool
  var blockedHandlers: [gulong]
}

/// Judges a GtkSwitch's changes under the global install: a switch has no
/// `clicked`, and its `state-set` is run-last, emitted after `active` flipped
/// (with animations, from the frame clock, with no event).
///
/// So the gesture's `released` and `activate` note who began the change
/// (``SwitchState/pendingToggle``); a `state-set` emission hook, which runs
/// before every handler, judges it and blocks the handlers for a drop; and the
/// overridden class handler puts `active` back and stops the emission. The
/// app never hears of a dropped change. ``Switch`` wrappers judge their own.
@MainActor
final class SwitchChanges {
  private unowned let runtime: GuardRuntime
  private let input: InputTracker
  private let judge: ActivationJudge

  init(runtime: GuardRuntime) {
    self.runtime = runtime
    input = runtime.input
    judge = runtime.judge
  }

  /// Hooks `state-set` and the click gesture's `released` once their classes exist.
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

  /// Whether the global install is on and no wrapper routes `instance`.
  private func judgesHere(_ instance: gpointer) -> Bool {
    runtime.guardsEveryButton && WidgetGuardState.existing(on: instance)?.isWrapped != true
  }

  /// GtkSwitch toggles from its gesture's `released` inside it: a change begins.
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

  /// `instance` begins a change now: the input now is what it is attributed
  /// to. Called before GTK's handler, so `activate` needs a class override
  /// (an emission hook would run after the change).
  func toggleBegun(_ instance: gpointer) {
    guard judgesHere(instance) else { return }
    let input = input.attribution(of: .switchBegun(instance))
    WidgetGuardState.attached(to: instance, runtime: runtime).switchState.pendingToggle = input
  }

  /// Judges a `state-set` before any handler; a drop blocks the handlers
  /// until ``runsClassHandler(_:)``.
  private func stateSet(_ instance: gpointer, signalID: guint, to newState: Bool) {
    guard judgesHere(instance), WidgetGuardState.existing(on: instance)?.existingSwitchState?.isRestoring != true else {
      return
    }
    let input = attributeChange(of: instance)
    guard !judge.allows(instance, action: .stateSet, kind: .switch, input: input) else { return }
    WidgetGuardState.attached(to: instance, runtime: runtime).switchState.droppedChange = DroppedSwitchChange(
      restoredState: !newState, blockedHandlers: Signal.blockHandlers(of: instance, signalID: signalID))
  }

  /// Takes the attribution noted when the change began (used once) and attributes the change.
  private func attributeChange(of instance: gpointer) -> InputAttribution {
    let state = WidgetGuardState.existing(on: instance)?.existingSwitchState
    let pending = state?.pendingToggle
    state?.pendingToggle = nil
    return input.attribution(of: .switchChange(instance, begunBy: pending))
  }

  /// Whether GTK's default `state-set` handler runs: not for a dropped change,
  /// put back here with handlers still blocked, nor for that restore.
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
