import CGtk4
import ClickGuard

/// Judges GtkApplication accelerators (`gtk_application_set_accels_for_action`)
/// under ``GlobalGuard`` before GTK sees the key press: an accelerator
/// activates its GAction directly, with no widget signal to stop.
///
/// The window's capture controller offers each key press; the GAction GTK
/// would run for it (the first enabled one the application lists for the
/// accelerator) is judged as a shortcut, by the pace of the presses, and a
/// dropped press is consumed. A held key's auto-repeat acts (held Ctrl+Z).
/// A press no accelerator takes goes on to the widgets' shortcut controllers.
@MainActor
final class AcceleratorFilter {
  private unowned let runtime: GuardRuntime

  init(runtime: GuardRuntime) {
    self.runtime = runtime
  }

  /// Whether the key press `event` on `window` is an accelerator, or else
  /// a shortcut controller's shortcut (``ShortcutControllerFilter``), to drop.
  func drops(_ event: OpaquePointer, in window: WidgetPointer, input: InputAttribution) -> Bool {
    guard gdk_event_get_event_type(event) == GDK_KEY_PRESS, Self.mayBeShortcut(event),
      GObjectType.isA(window, gtk_window_get_type())
    else { return false }
    if let application = gtk_window_get_application(window.cast()),
      let action = enabledAction(for: event, in: application, window: window)
    {
      // GTK runs it from the window's capture phase, before any widget's shortcut.
      return runtime.guardsEveryButton && !runtime.judge.allows(window, action: action, kind: .button, input: input)
    }
    return ShortcutControllerFilter.drops(event, in: window, input: input, judge: runtime.judge)
  }

  /// The first enabled GAction `application` runs for `event`'s accelerator, as GTK picks.
  private func enabledAction(
    for event: OpaquePointer, in application: UnsafeMutablePointer<GtkApplication>, window: WidgetPointer
  ) -> ActionName? {
    let modifiers = gdk_event_get_modifier_state(event).rawValue & gtk_accelerator_get_default_mod_mask().rawValue
    guard let accelerator = gtk_accelerator_name(gdk_key_event_get_keyval(event), GdkModifierType(modifiers)) else {
      return nil
    }
    defer { g_free(accelerator) }
    guard let names = gtk_application_get_actions_for_accel(application, accelerator) else { return nil }
    defer { g_strfreev(names) }
    var index = 0
    while let name = names[index] {
      index += 1
      let detailed = String(cString: name)
      if isEnabled(detailed, application: application, window: window) { return ActionName(detailed) }
    }
    return nil
  }

  /// Whether the key press `event` is judged as a shortcut at all: it
  /// carries a modifier, or is a function key. Plain keys type and move.
  static func mayBeShortcut(_ event: OpaquePointer) -> Bool {
    let modifiers = gdk_event_get_modifier_state(event).rawValue & gtk_accelerator_get_default_mod_mask().rawValue
    return modifiers != 0 || gdk_key_event_get_keyval(event) >= 0xffbe  // F1 and up
  }

  /// Whether `detailed` (`app.save`, `win.export::pdf`) names an enabled action.
  private func isEnabled(
    _ detailed: String, application: UnsafeMutablePointer<GtkApplication>, window: WidgetPointer
  ) -> Bool {
    let name = String(detailed.split(separator: ":").first ?? "")
    let group: gpointer
    if name.hasPrefix("app.") {
      group = UnsafeMutableRawPointer(application)
    } else if name.hasPrefix("win."), GObjectType.isA(window, g_action_group_get_type()) {
      group = UnsafeMutableRawPointer(window)
    } else {
      return true  // another prefix: a widget's action group, which GTK resolves; judged
    }
    let actionName = String(name.dropFirst(4))
    let actions = OpaquePointer(group)
    return g_action_group_has_action(actions, actionName) != 0
      && g_action_group_get_action_enabled(actions, actionName) != 0
  }
}
