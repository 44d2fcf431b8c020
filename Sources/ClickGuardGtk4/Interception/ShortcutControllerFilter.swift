import CGtk4
import ClickGuard

/// Judges the shortcuts of widgets' and windows' own GtkShortcutControllers
/// (`gtk_shortcut_controller_new`, a class's `gtk_widget_class_add_binding*`)
/// before GTK sees the key press, as ``AcceleratorFilter`` judges the
/// application's accelerators.
///
/// The key press is judged, not the action: a GtkShortcutAction runs with
/// no signal to hook (a callback, a widget action or a GAction, called
/// directly), and only a named action on a GSimpleAction would reach a
/// GAction's `activate`. ``AcceleratorFilter`` offers each key press with
/// a modifier, or a function key, that no accelerator takes; this walks the
/// focus chain as GTK will (capture phase from the window down, then bubble
/// from the focus up), asks each shortcut's trigger whether the press
/// matches, and judges the first match as a shortcut of its controller's
/// widget, under ``GlobalGuard`` or when that widget is wrapped. A dropped
/// press is consumed; a held key's repeats act, the app's own
/// `g_action_activate` passes. Listing a widget's controllers
/// (`gtk_widget_observe_controllers`) costs a little: only for such presses.
///
/// Not judged: the shortcuts that become a widget's signal, judged there
/// (GtkActivateAction, mnemonics), GTK's own widget classes' bindings
/// (editing and focus moves), and managed or global scopes from widgets off
/// the focus chain (popover menus' own).
@MainActor
enum ShortcutControllerFilter {
  /// Whether the key press `event` on the GtkWindow `window`, which no
  /// application accelerator takes, triggers a shortcut `judge` drops.
  static func drops(
    _ event: OpaquePointer, in window: WidgetPointer, input: InputAttribution, judge: ActivationJudge
  ) -> Bool {
    var chain: [WidgetPointer] = []  // the focus up to the window
    var widget = gtk_window_get_focus(window.cast()) ?? window
    while true {
      chain.append(widget)
      guard widget != window, let parent = gtk_widget_get_parent(widget) else { break }
      widget = parent
    }
    let capture = chain.reversed().lazy.compactMap { shortcut(on: $0, for: event, phases: [GTK_PHASE_CAPTURE]) }
    let bubble = chain.lazy.compactMap { widget in
      let phases = widget == chain[0] ? [GTK_PHASE_TARGET, GTK_PHASE_BUBBLE] : [GTK_PHASE_BUBBLE]
      return shortcut(on: widget, for: event, phases: phases)
    }
    guard let (owner, match) = capture.first ?? bubble.first, case .judged(let action) = match else { return false }
    return !judge.allows(owner, action: action, kind: .button, input: input)
  }

  /// What a matching shortcut runs: an action judged here by its name, or
  /// one judged elsewhere or doing nothing.
  private enum Match {
    case judged(ActionName)
    case notHere
  }

  /// The shortcut `event` triggers among `widget`'s shortcut controllers in `phases`.
  private static func shortcut(
    on widget: WidgetPointer, for event: OpaquePointer, phases: [GtkPropagationPhase]
  ) -> (WidgetPointer, Match)? {
    guard gtk_widget_is_sensitive(widget) != 0, let controllers = gtk_widget_observe_controllers(widget) else {
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
    for index in 0..<g_list_model_get_n_items(controllers) {
      guard let item = g_list_model_get_item(controllers, index) else { continue }
      defer { g_object_unref(item) }
      guard GObjectType.isA(item, gtk_shortcut_controller_get_type()), isJudged(OpaquePointer(item), on: widget),
        phases.contains(gtk_event_controller_get_propagation_phase(OpaquePointer(item)))
      else { continue }
      if let match = matchingShortcut(in: OpaquePointer(item), for: event) { return (widget, match) }
    }
    return nil
  }

  /// Whether `controller` is one this filter judges.
  private static func isJudged(_ controller: OpaquePointer, on widget: WidgetPointer) -> Bool {
    switch gtk_event_controller_get_name(controller).map({ String(cString: $0) }) {
    case "gtk-application-shortcuts": false  // the application's accelerators: AcceleratorFilter's
    case "gtk-widget-class-shortcuts": !String(cString: g_type_name(cg_type_of(widget))).hasPrefix("Gtk")
    default: true
    }
  }

  /// The shortcut `event` triggers in `controller` (an exact match first, as
  /// GTK picks), `nil` when none matches.
  private static func matchingShortcut(in controller: OpaquePointer, for event: OpaquePointer) -> Match? {
    var partial: OpaquePointer?
    var exact: OpaquePointer?
    for index in 0..<g_list_model_get_n_items(controller) {
      guard let item = g_list_model_get_item(controller, index) else { continue }
      defer { g_object_unref(item) }
      let shortcut = OpaquePointer(item)
      guard let trigger = gtk_shortcut_get_trigger(shortcut) else { continue }
      switch gtk_shortcut_trigger_trigger(trigger, event, 0) {
      case GDK_KEY_MATCH_EXACT: exact = exact ?? shortcut
      case GDK_KEY_MATCH_PARTIAL: partial = partial ?? shortcut
      default: continue
      }
      if exact != nil { break }
    }
    guard let shortcut = exact ?? partial, let action = gtk_shortcut_get_action(shortcut) else { return nil }
    return name(of: action, trigger: gtk_shortcut_get_trigger(shortcut)).map(Match.judged) ?? .notHere
  }

  /// The name `action` is judged by: its GAction, its signal, else its
  /// trigger (a callback); `nil` for an action that becomes a judged signal or does nothing.
  private static func name(of action: OpaquePointer, trigger: OpaquePointer?) -> ActionName? {
    let instance = UnsafeMutableRawPointer(action)
    if GObjectType.isA(instance, gtk_named_action_get_type()) {
      return ActionName(String(cString: gtk_named_action_get_action_name(action)))
    }
    if GObjectType.isA(instance, gtk_signal_action_get_type()) {
      return ActionName(String(cString: gtk_signal_action_get_signal_name(action)))
    }
    if GObjectType.isA(instance, gtk_callback_action_get_type()), let trigger,
      let text = gtk_shortcut_trigger_to_string(trigger)
    {
      defer { g_free(text) }
      return ActionName("shortcut " + String(cString: text))
    }
    return nil  // activate, mnemonic, nothing
  }
}
