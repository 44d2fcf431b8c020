import CGtk4
import ClickGuard

/// Judges the activations of GTK 4's controls other than GtkButton before
/// the app hears of them: an entry's Return, a list box row's or a list
/// view item's activation, a
/// check button's toggle and a switch's change.
///
/// A run-last signal (`activate`, `row-activated`, `state-set`) runs the
/// app's handlers before its class handler, so its emission hook, which runs
/// before every handler, judges it and blocks the handlers of a drop; the
/// overridden class handler then unblocks them and stops the emission, so
/// no handler runs, not even an after one. A check button's `toggled` is
/// run-first: its overridden class handler judges it. A dropped toggle or
/// switch change is put back with the app's handlers blocked, so the widget
/// shows what the app was told last.
@MainActor
final class ControlSignals {
  private struct Emission: Hashable {
    var control: ControlID
    var signalID: guint
  }

  private unowned let judge: ActivationJudge
  private let input: InputTracker
  /// Dropped run-last emissions under way, with the handlers blocked for them.
  private var dropped: [Emission: [gulong]] = [:]
  /// Controls whose state is being put back: their signals pass unjudged and unheard.
  private var restoring: Set<ControlID> = []

  init(judge: ActivationJudge, input: InputTracker) {
    self.judge = judge
    self.input = input
  }

  /// Hooks and overrides the controls' signals. Once per process.
  func install() {
    let entry = initializedClass(gtk_entry_get_type())
    judgeBeforeHandlers("activate", on: entry) { emission in
      self.judge.allows(emission.instance, action: "activate", kind: .button)
    }
    cg_override_class_handler("activate", entry, entryActivated, nil)

    let list = initializedClass(gtk_list_box_get_type())
    judgeBeforeHandlers("row-activated", on: list) { emission in
      guard emission.parameters.count > 1, let row = g_value_get_object(emission.parameters.baseAddress! + 1) else {
        return true
      }
      return self.judge.allows(row, in: emission.instance, action: "row-activated", kind: .button)
    }
    cg4_override_class_handler_pointer("row-activated", list, rowActivated, nil)

    // A list view's items are its model's objects: each has its own gate,
    // whichever recycled widget shows it.
    let view = initializedClass(gtk_list_view_get_type())
    judgeBeforeHandlers("activate", on: view) { emission in
      guard emission.parameters.count > 1,
        let item = Self.item(of: emission.instance, at: g_value_get_uint(emission.parameters.baseAddress! + 1))
      else { return true }
      defer { g_object_unref(item) }
      return self.judge.allows(item, in: emission.instance, action: "activate", kind: .button)
    }
    cg4_override_class_handler_uint("activate", view, listViewActivated, nil)

    cg_override_class_handler("toggled", initializedClass(gtk_check_button_get_type()), checkButtonToggledHandler, nil)

    let toggleSwitch = initializedClass(gtk_switch_get_type())
    judgeBeforeHandlers("state-set", on: toggleSwitch) { emission in
      self.restoring.contains(ControlID(object: emission.instance))
        || self.judge.allows(emission.instance, action: .stateSet, kind: .switch)
    }
    cg_override_class_handler_boolean_boolean("state-set", toggleSwitch, switchStateSet, nil)
    // A click or key begins a change the switch makes after its animation,
    // from the frame clock, with no event: note who began it.
    cg_override_class_handler("activate", toggleSwitch, switchActivateHandler, nil)
    EmissionHook.add("released", on: initializedClass(gtk_gesture_click_get_type())) { emission in
      if let widget = gtk_event_controller_get_widget(OpaquePointer(emission.instance)),
        GObjectType.isA(widget, gtk_switch_get_type())
      {
        self.input.activationBegun(on: widget)
      }
      return true
    }
  }

  /// The model's item at `position` in the list view `view`, referenced.
  private static func item(of view: gpointer, at position: guint) -> gpointer? {
    guard let model = gtk_list_view_get_model(OpaquePointer(view)) else { return nil }
    return g_list_model_get_item(model, position)
  }

  private func initializedClass(_ type: GType) -> GType {
    g_type_class_unref(g_type_class_ref(type))
    return type
  }

  /// Judges every emission of the run-last `signal` with `allows` before its
  /// handlers; a drop blocks them until the class handler calls ``endsDropped(_:signal:)``.
  private func judgeBeforeHandlers(
    _ signal: String, on type: GType, allows: @escaping @MainActor (EmissionHook.Emission) -> Bool
  ) {
    EmissionHook.add(signal, on: type) { emission in
      if !allows(emission) {
        self.dropped[Emission(control: ControlID(object: emission.instance), signalID: emission.signalID)] =
          Signal.blockHandlers(of: emission.instance, signalID: emission.signalID)
      }
      return true
    }
  }

  /// In the class handler of `signal` on `instance`: whether the emission
  /// was dropped. If so, `restore` runs with the handlers still blocked,
  /// then they are unblocked and the emission stops.
  fileprivate func endsDropped(
    _ instance: gpointer, signal: String, restore: (() -> Void)? = nil
  ) -> Bool {
    let signalID = g_signal_lookup(signal, cg_type_of(instance))
    guard let blocked = dropped.removeValue(forKey: Emission(control: ControlID(object: instance), signalID: signalID))
    else { return false }
    if let restore { restoring(instance, restore) }
    Signal.unblockHandlers(blocked, of: instance)
    g_signal_stop_emission(instance, signalID, 0)
    return true
  }

  /// Whether `instance`'s state is being put back now.
  fileprivate func isRestoring(_ instance: gpointer) -> Bool {
    restoring.contains(ControlID(object: instance))
  }

  /// Runs `change`, a put-back of `instance`'s state, unjudged and unheard.
  fileprivate func restoring(_ instance: gpointer, _ change: () -> Void) {
    let control = ControlID(object: instance)
    restoring.insert(control)
    change()
    restoring.remove(control)
  }

  /// A check button's `toggled`, after its state changed: judged, or put
  /// back and stopped. A radio group's members share one gate: a click on a
  /// member is its old choice's `toggled` then the new one's, in one event;
  /// the first is judged, the second is its consequence (accepted) or
  /// dropped with it, so the old choice stays checked.
  fileprivate func checkButtonToggled(_ instance: gpointer) {
    let button = instance.assumingMemoryBound(to: GtkCheckButton.self)
    if isRestoring(instance) {
      g_signal_stop_emission_by_name(instance, "toggled")
      return
    }
    let group = WidgetGuardState.existing(on: instance)?.radioGroup
    guard judge.allows(instance, action: .toggled, kind: .toggle, gate: group) else {
      let isActive = gtk_check_button_get_active(button) != 0
      restoring(instance) { gtk_check_button_set_active(button, isActive ? 0 : 1) }
      g_signal_stop_emission_by_name(instance, "toggled")
      return
    }
    cg_chain_up(instance)
  }

  fileprivate func switchActivated(_ instance: gpointer) {
    input.activationBegun(on: instance)
    cg_chain_up(instance)
  }
}

// The overridden class handlers. GTK emits on the main thread.

private let entryActivated: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let entry = CallbackArgument(instance)
  MainActor.assumeIsolated {
    guard !GuardRuntime.shared.judge.controls.endsDropped(entry.value, signal: "activate") else { return }
    cg_chain_up(entry.value)
  }
}

private let rowActivated: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { instance, row, _ in
  guard let instance else { return }
  let arguments = CallbackArgument((instance, row))
  MainActor.assumeIsolated {
    guard !GuardRuntime.shared.judge.controls.endsDropped(arguments.value.0, signal: "row-activated") else { return }
    cg4_chain_up_pointer(arguments.value.0, arguments.value.1)
  }
}

private let listViewActivated: @convention(c) (gpointer?, guint, gpointer?) -> Void = { instance, position, _ in
  guard let instance else { return }
  let view = CallbackArgument(instance)
  MainActor.assumeIsolated {
    guard !GuardRuntime.shared.judge.controls.endsDropped(view.value, signal: "activate") else { return }
    cg4_chain_up_uint(view.value, position)
  }
}

private let checkButtonToggledHandler: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let button = CallbackArgument(instance)
  MainActor.assumeIsolated { GuardRuntime.shared.judge.controls.checkButtonToggled(button.value) }
}

private let switchActivateHandler: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let toggleSwitch = CallbackArgument(instance)
  MainActor.assumeIsolated { GuardRuntime.shared.judge.controls.switchActivated(toggleSwitch.value) }
}

/// GtkSwitch's `state-set` class handler (it sets `state`): not for a
/// dropped change, put back here, nor for that put-back; `TRUE` ends the emission.
private let switchStateSet: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { instance, newState, _ in
  guard let instance else { return 0 }
  let toggleSwitch = CallbackArgument(instance)
  return MainActor.assumeIsolated {
    let controls = GuardRuntime.shared.judge.controls
    let widget = toggleSwitch.value
    if controls.isRestoring(widget) { return 1 }
    let isDropped = controls.endsDropped(widget, signal: "state-set") {
      gtk_switch_set_active(OpaquePointer(widget), newState != 0 ? 0 : 1)
    }
    return isDropped ? 1 : cg_chain_up_boolean_boolean(widget, newState)
  }
}
