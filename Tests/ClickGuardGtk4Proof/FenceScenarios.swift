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
/// `byKeys`: Return pressed eight times instead, through the X server's
/// keyboard focus, which the new window takes with "Delete" focused.
final class StalledWindowOpening: ProofScenario {
  private let clicksAgain: Bool
  private let byKeys: Bool
  private var opened: WidgetPointer?

  init(clicksAgain: Bool = false, byKeys: Bool = false) {
    self.clicksAgain = clicksAgain
    self.byKeys = byKeys
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
    gtk_widget_grab_focus(delete)
    return window
  }

  func input(window: String) -> [String] {
    if byKeys { return ["key", "--repeat", "8", "--delay", "60", "Return"] }
    return driftingClicks(on: window, x: 120, y: 60, count: 5, delay: 40)
      + (clicksAgain ? ["sleep", "0.8", "mousemove_relative", "1", "0", "click", "1"] : [])
  }

  var inputCount: Int { byKeys ? 8 : clicksAgain ? 6 : 5 }
}

/// "Menu" clicked, and clicked again 150 ms later, as a bouncing mouse or
/// a hand that double-clicks does: the first click opens a popover whose
/// "Delete" button comes up under the pointer, so the second lands on it.
/// Under ``GlobalGuard`` (plain GtkButtons, nobody wrapped); with
/// `clicksAgain`, 800 ms later a person clicks "Delete" on purpose.
final class PopoverUnderThePointer: ProofScenario {
  private let clicksAgain: Bool
  private var popover: WidgetPointer?

  init(clicksAgain: Bool = false) {
    self.clicksAgain = clicksAgain
  }

  func prepare(_ proof: Proof) {
    GlobalGuard.install()
  }

  func makeControl(in proof: Proof) -> WidgetPointer {
    let menu = gtk_button_new_with_label("Menu")!
    Signal.connect(menu, "clicked") { [unowned self] _ in
      proof.result.actions += 1
      gtk_popover_popup((popover ?? makePopover(on: menu, in: proof)).cast())
    }
    return menu
  }

  /// A popover on `menu` with no arrow, just under a point 30 px above the
  /// window's middle, holding a 200 × 60 "Delete" button: over the middle.
  private func makePopover(on menu: WidgetPointer, in proof: Proof) -> WidgetPointer {
    let made = gtk_popover_new()!
    let delete = gtk_button_new_with_label("Delete")!
    gtk_widget_set_size_request(delete, 200, 60)
    Signal.connect(delete, "clicked") { _ in proof.result.freshClicks = (proof.result.freshClicks ?? 0) + 1 }
    gtk_popover_set_child(made.cast(), delete)
    gtk_popover_set_has_arrow(made.cast(), 0)
    gtk_popover_set_position(made.cast(), GTK_POS_BOTTOM)
    var above = GdkRectangle(x: 110, y: 28, width: 20, height: 1)
    gtk_popover_set_pointing_to(made.cast(), &above)
    gtk_widget_set_parent(made, menu)
    popover = made
    return made
  }

  func input(window: String) -> [String] {
    driftingClicks(on: window, x: 120, y: 60, count: 2, delay: 150)
      + (clicksAgain ? ["sleep", "0.8", "mousemove_relative", "1", "0", "click", "1"] : [])
  }

  var inputCount: Int { clicksAgain ? 3 : 2 }
}

/// A GtkStack of two pages, nobody's navigator: "Next" clicked five times
/// fast while its handler stalls the main loop 250 ms, then switches to the
/// second page, whose "Delete" button fills the spot "Next" had. The
/// clicks queued behind the stall are handled once the page is showing.
/// Under ``GlobalGuard`` (plain GtkButtons, nobody wrapped).
final class StalledStackPageSwitch: ProofScenario {
  func prepare(_ proof: Proof) {
    GlobalGuard.install()
  }

  func makeControl(in proof: Proof) -> WidgetPointer {
    let stack = gtk_stack_new()!
    let next = gtk_button_new_with_label("Next")!
    let second = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let delete = gtk_button_new_with_label("Delete")!
    gtk_widget_set_vexpand(delete, 1)
    gtk_box_append(second.cast(), delete)
    Signal.connect(delete, "clicked") { _ in proof.result.freshClicks = (proof.result.freshClicks ?? 0) + 1 }
    Signal.connect(next, "clicked") { _ in
      proof.result.actions += 1
      proof.stall(ms: 250)
      gtk_stack_set_visible_child(OpaquePointer(stack), second)
    }
    _ = gtk_stack_add_named(OpaquePointer(stack), next, "first")
    _ = gtk_stack_add_named(OpaquePointer(stack), second, "second")
    return stack
  }

  func input(window: String) -> [String] {
    driftingClicks(on: window, x: 120, y: 60, count: 5, delay: 40)
  }

  var inputCount: Int { 5 }
}
