import CGtk4
import ClickGuardGtk4

/// A GtkApplication action `app.save` on Ctrl+S
/// (`gtk_application_set_accels_for_action`), under ``GlobalGuard`` (an
/// accelerator has no widget to wrap): pressed three times fast while its
/// handler stalls 250 ms, or held down for 1.5 s (its auto-repeat, on purpose).
final class StalledAccelerator: ProofScenario {
  private var application: UnsafeMutablePointer<GtkApplication>?
  let isHeld: Bool

  init(isHeld: Bool = false) {
    self.isHeld = isHeld
  }

  func prepare(_ proof: Proof) {
    GlobalGuard.install()
  }

  func prepareWindow(_ window: WidgetPointer, in proof: Proof) {
    let application = gtk_application_new("io.github.clickguard.Gtk4Proof", G_APPLICATION_NON_UNIQUE)!
    self.application = application
    g_application_register(application.cast(), nil, nil)
    let save = g_simple_action_new("save", nil)!
    // `activate` carries the action's parameter (none here).
    Signal.connect(
      UnsafeMutableRawPointer(save), "activate",
      withArgument: { _, _ in
        proof.result.actions += 1
        if !self.isHeld { proof.stall(ms: 250) }
        return 0
      })
    g_action_map_add_action(OpaquePointer(application), save)
    "<Control>s".withCString { accelerator in
      let accelerators: [UnsafePointer<CChar>?] = [accelerator, nil]
      accelerators.withUnsafeBufferPointer {
        gtk_application_set_accels_for_action(application, "app.save", $0.baseAddress)
      }
    }
    gtk_window_set_application(window.cast(), application)
  }

  func makeControl(in proof: Proof) -> WidgetPointer {
    gtk_label_new("Press Ctrl+S")!
  }

  func input(window: String) -> [String] {
    guard isHeld else { return ["windowfocus", "--sync", window, "key", "--repeat", "3", "--delay", "60", "ctrl+s"] }
    return ["windowfocus", "--sync", window, "keydown", "ctrl+s", "sleep", "1.5", "keyup", "ctrl+s"]
  }

  var inputCount: Int { isHeld ? 1 : 3 }
}

/// A shortcut of a GtkShortcutController, not an application accelerator,
/// under ``GlobalGuard``: its handler stalls 250 ms, and Ctrl+S is pressed
/// three times fast, or held down for 1.5 s (its auto-repeat, on purpose),
/// or the app activates the action itself three times.
final class StalledShortcut: ProofScenario {
  enum Kind {
    /// The window's controller, `win.save` (a GtkNamedAction on a GSimpleAction).
    case namedOnWindow
    /// The focused widget's own controller, a GtkCallbackAction.
    case callbackOnWidget
    /// A widget class's shortcut (`gtk_widget_class_add_binding`'s kind), a callback.
    case classBinding
  }

  let kind: Kind
  let isHeld: Bool
  let byApp: Bool

  init(_ kind: Kind, isHeld: Bool = false, byApp: Bool = false) {
    self.kind = kind
    self.isHeld = isHeld
    self.byApp = byApp
  }

  func prepare(_ proof: Proof) {
    GlobalGuard.install()
  }

  private func save(_ proof: Proof) {
    proof.result.actions += 1
    if !isHeld { proof.stall(ms: 250) }
  }

  func prepareWindow(_ window: WidgetPointer, in proof: Proof) {
    shortcutAction = { self.save(proof) }
    guard kind == .namedOnWindow else { return }
    let group = g_simple_action_group_new()!
    let save = g_simple_action_new("save", nil)!
    Signal.connect(
      UnsafeMutableRawPointer(save), "activate",
      withArgument: { _, _ in
        self.save(proof)
        return 0
      })
    g_action_map_add_action(OpaquePointer(group), save)
    gtk_widget_insert_action_group(window, "win", OpaquePointer(group))
    let controller = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(controller, ctrlS(gtk_named_action_new("win.save")))
    gtk_widget_add_controller(window, controller)
  }

  func makeControl(in proof: Proof) -> WidgetPointer {
    switch kind {
    case .namedOnWindow:
      return gtk_label_new("Press Ctrl+S")!
    case .callbackOnWidget:
      let export = gtk_button_new_with_label("Export")!
      let controller = gtk_shortcut_controller_new()!
      gtk_shortcut_controller_add_shortcut(controller, ctrlS(gtk_callback_action_new(runShortcutAction, nil, nil)))
      gtk_widget_add_controller(export, controller)
      return export
    case .classBinding:
      let canvas = UnsafeMutableRawPointer(g_object_new_with_properties(canvasType, 0, nil, nil)!)
        .assumingMemoryBound(to: GtkWidget.self)
      gtk_widget_set_focusable(canvas, 1)
      gtk_widget_set_size_request(canvas, 200, 100)
      return canvas
    }
  }

  func input(window: String) -> [String] {
    if byApp { return [] }
    guard isHeld else { return ["windowfocus", "--sync", window, "key", "--repeat", "3", "--delay", "60", "ctrl+s"] }
    return ["windowfocus", "--sync", window, "keydown", "ctrl+s", "sleep", "1.5", "keyup", "ctrl+s"]
  }

  var inputCount: Int { isHeld ? 1 : 3 }

  func act(on control: WidgetPointer, in proof: Proof) {
    // What a shortcut's named action runs, called by the app: not a person.
    for _ in 0..<3 { gtk_widget_activate_action_variant(control, "win.save", nil) }
  }
}

/// Ctrl+S running `action`.
private func ctrlS(_ action: OpaquePointer?) -> OpaquePointer? {
  gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>s"), action)
}

/// What the scenario's callback shortcuts run.
@MainActor private var shortcutAction: () -> Void = {}

/// A GtkShortcutFunc running ``shortcutAction``.
private let runShortcutAction:
  @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = {
    _, _, _ in
    MainActor.assumeIsolated { shortcutAction() }
    return 1
  }

/// A focusable widget class of the app's with a class shortcut, Ctrl+S.
@MainActor private let canvasType: GType = g_type_register_static_simple(
  gtk_widget_get_type(), "ClickGuardProofCanvas", guint(MemoryLayout<GtkWidgetClass>.size),
  { widgetClass, _ in
    gtk_widget_class_add_shortcut(
      widgetClass?.assumingMemoryBound(to: GtkWidgetClass.self),
      ctrlS(gtk_callback_action_new(runShortcutAction, nil, nil)))
  }, guint(MemoryLayout<GtkWidget>.size), nil, GTypeFlags(0))
