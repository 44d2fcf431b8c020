import CGtk4
import ClickGuardGtk4

/// "Open" clicked five times fast while its handler stalls the main loop
/// 250 ms, then opens a window of the same size with a "Delete" button
/// filling it: with no window manager both windows sit at the screen's
/// corner. The X server sends each click to the window under the pointer
/// when it is made, so the clicks made once the new window is mapped, not
/// yet handled by the lagging app, go to its button (the spill-over).
/// Under ``GlobalGuard`` (plain GtkButtons, nobody wrapped); with
/// `clicksAgain`, 800 ms after the burst a person clicks "Delete" on purpose.
final class StalledWindowOpening: ProofScenario {
  private let clicksAgain: Bool
  private var opened: WidgetPointer?

  init(clicksAgain: Bool = false) {
    self.clicksAgain = clicksAgain
  }

  func prepare(_ proof: Proof) {
    GlobalGuard.install()
  }

  func makeControl(in proof: Proof) -> WidgetPointer {
    let open = gtk_button_new_with_label("Open")!
    Signal.connect(open, "clicked") { [unowned self] _ in
      proof.result.actions += 1
      proof.stall(ms: 250)
      if opened == nil { opened = openWindow(in: proof) }
    }
    return open
  }

  private func openWindow(in proof: Proof) -> WidgetPointer {
    let window = gtk_window_new()!
    gtk_window_set_title(window.cast(), "Confirm")
    gtk_window_set_default_size(window.cast(), 240, 120)
    let delete = gtk_button_new_with_label("Delete")!
    Signal.connect(delete, "clicked") { _ in proof.result.freshClicks = (proof.result.freshClicks ?? 0) + 1 }
    gtk_window_set_child(window.cast(), delete)
    gtk_window_present(window.cast())
    return window
  }

  func input(window: String) -> [String] {
    driftingClicks(on: window, x: 120, y: 60, count: 5, delay: 40)
      + (clicksAgain ? ["sleep", "0.8", "mousemove_relative", "1", "0", "click", "1"] : [])
  }

  var inputCount: Int { clicksAgain ? 6 : 5 }
}
