import CGtk
import ClickGuard

/// Judges, before GTK sees a key press, activations whose app handlers run
/// before any class handler: Return in a GtkEntry (run-last `activate`) and
/// GtkApplication accelerators (which activate a GAction directly).
///
/// A dropped press is consumed, never seen by GTK. A held Return acts once;
/// an accelerator's auto-repeat is ``ActivationSource/keyRepeat`` (held Ctrl+Z).
@MainActor
final class KeyActivationFilter {
  private unowned let runtime: GuardRuntime
  private let tracker: InputTracker
  private let judge: ActivationJudge

  init(runtime: GuardRuntime) {
    self.runtime = runtime
    tracker = runtime.input
    judge = runtime.judge
  }

  /// Whether `event` is a key press to drop: an accelerator (global install)
  /// or an entry's Return, judged.
  func drops(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
    guard gdk_event_get_event_type(event) == GDK_KEY_PRESS, let target = eventWidget(event),
      let window = toplevelWindow(of: target)
    else { return false }
    guard let key = tracker.current else { return false }
    if runtime.guardsEveryButton, let action = acceleratorAction(of: event, in: window) {
      return !judge.allows(
        ActivationTarget(widget: window, action: ActionName(action), input: tracker.attribution(of: .accelerator(key))))
    }
    if let entry = focusedEntry(of: window), activatesEntry(event) {
      let input = tracker.attribution(of: .key(key))
      return !judge.allows(ActivationTarget(widget: entry, action: "activate", input: input))
    }
    return false
  }

  private func toplevelWindow(of widget: WidgetPointer) -> UnsafeMutablePointer<GtkWindow>? {
    guard let toplevel = gtk_widget_get_toplevel(widget), GObjectType.isA(toplevel, gtk_window_get_type()) else {
      return nil
    }
    return UnsafeMutableRawPointer(toplevel).assumingMemoryBound(to: GtkWindow.self)
  }

  /// The focus widget when it is a one-line GtkEntry (a text view takes Return as a new line).
  private func focusedEntry(of window: UnsafeMutablePointer<GtkWindow>) -> WidgetPointer? {
    guard let focus = gtk_window_get_focus(window), GObjectType.isA(focus, gtk_entry_get_type()) else { return nil }
    return focus
  }

  /// Whether `event` is Enter with no modifier: GtkEntry's `activate` binding.
  private func activatesEntry(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
    var keyval: guint = 0
    var state = GdkModifierType(0)
    gdk_event_get_keyval(event, &keyval)
    gdk_event_get_state(event, &state)
    return ActivationKeys.enter.contains(keyval)
      && state.rawValue & gtk_accelerator_get_default_mod_mask().rawValue == 0
  }

  /// The first enabled GAction an application accelerator runs for `event`, as GTK picks.
  private func acceleratorAction(
    of event: UnsafeMutablePointer<GdkEvent>, in window: UnsafeMutablePointer<GtkWindow>
  ) -> String? {
    guard let application = gtk_window_get_application(window) else { return nil }
    for accelerator in acceleratorNames(of: event, in: window) {
      guard let actions = gtk_application_get_actions_for_accel(application, accelerator) else { continue }
      defer { g_strfreev(actions) }
      var index = 0
      while let name = actions[index] {
        let action = String(cString: name)
        if isEnabled(action, in: window) { return action }
        index += 1
      }
    }
    return nil
  }

  /// The accelerator names `event` may stand for: as pressed, then without the
  /// modifiers its level consumed (Ctrl+Shift+= is `<Primary>plus` on a US layout).
  private func acceleratorNames(
    of event: UnsafeMutablePointer<GdkEvent>, in window: UnsafeMutablePointer<GtkWindow>
  ) -> [String] {
    let mask = gtk_accelerator_get_default_mod_mask().rawValue
    var keyval: guint = 0
    var state = GdkModifierType(0)
    gdk_event_get_keyval(event, &keyval)
    gdk_event_get_state(event, &state)
    var names = [acceleratorName(gdk_keyval_to_lower(keyval), state.rawValue & mask)]
    let widget = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
    let keymap = gdk_keymap_get_for_display(gtk_widget_get_display(widget))
    var translated: guint = 0
    var consumed = GdkModifierType(0)
    if gdk_keymap_translate_keyboard_state(
      keymap, guint(cg_event_keycode(event)), state, gint(cg_event_group(event)), &translated, nil, nil, &consumed) != 0
    {
      let name = acceleratorName(gdk_keyval_to_lower(translated), state.rawValue & mask & ~consumed.rawValue)
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  private func acceleratorName(_ keyval: guint, _ modifiers: UInt32) -> String {
    guard let name = gtk_accelerator_name(keyval, GdkModifierType(modifiers)) else { return "" }
    defer { g_free(name) }
    return String(cString: name)
  }

  /// Whether the GAction `detailedName` (`win.export`) is enabled in the
  /// window's group of its prefix; `true` when the window has no such group.
  private func isEnabled(_ detailedName: String, in window: UnsafeMutablePointer<GtkWindow>) -> Bool {
    var name: UnsafeMutablePointer<gchar>?
    var target: OpaquePointer?
    guard g_action_parse_detailed_name(detailedName, &name, &target, nil) != 0, let name else { return false }
    defer {
      g_free(name)
      if let target { g_variant_unref(target) }
    }
    let parts = String(cString: name).split(separator: ".", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return true }
    let widget = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
    guard let group = gtk_widget_get_action_group(widget, parts[0]) else { return true }
    return g_action_group_get_action_enabled(group, parts[1]) != 0
  }
}
