import CBenchSupport
import CGtk4
import ClickGuardGtk4
import Foundation

/// Starts GTK 4; exits with a message when there is no display.
@MainActor
func startGtk() {
  guard gtk_init_check() != 0 else {
    FileHandle.standardError.write(Data("clickguard-bench-gtk4: cannot open a display; run under xvfb-run -a\n".utf8))
    exit(1)
  }
}

/// A toplevel window of `width`×`height` showing `child`, titled `title`.
@MainActor
func showWindow(_ child: UnsafeMutablePointer<GtkWidget>, title: String, width: Int32, height: Int32)
  -> UnsafeMutablePointer<GtkWidget>
{
  let window = gtk_window_new()!
  gtk_window_set_title(window.cast(), title)
  gtk_window_set_default_size(window.cast(), width, height)
  gtk_window_set_child(window.cast(), child)
  gtk_window_present(window.cast())
  return window
}

/// Runs the main loop for up to `seconds`, while `condition` holds.
@MainActor
func pump(for seconds: Double, while condition: () -> Bool = { true }) {
  let clock = ContinuousClock()
  let end = clock.now + .milliseconds(Int(seconds * 1000))
  while clock.now < end, condition() {
    if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
  }
}

/// Runs the main loop until nothing is pending.
@MainActor
func drainMainContext() {
  while g_main_context_iteration(nil, 0) != 0 {}
}

/// Emits `clicked` on `button` as the app's own code would.
@MainActor
func emitClicked(_ button: UnsafeMutablePointer<GtkWidget>) {
  var instance = GValue()
  g_value_init(&instance, gtk_button_get_type())
  g_value_set_object(&instance, button)
  g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
  g_value_unset(&instance)
}
