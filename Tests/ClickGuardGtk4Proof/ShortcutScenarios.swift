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
