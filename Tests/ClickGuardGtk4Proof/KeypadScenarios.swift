import CGtk4
import ClickGuardGtk4

/// Ten buttons in a grid of two rows: a calculator's digit keys, or (not a
/// keypad) buttons with words on them; the middle button of the top row is
/// clicked `count` times, `delayMs` apart: a person typing "000" at their
/// pace, or a mouse that bounces.
struct KeypadScenario: ProofScenario {
  var isKeypad = true
  var count: Int
  var delayMs: Int

  func makeControl(in proof: Proof) -> WidgetPointer {
    let grid = gtk_grid_new()!
    gtk_grid_set_row_homogeneous(grid.cast(), 1)
    gtk_grid_set_column_homogeneous(grid.cast(), 1)
    let labels =
      isKeypad
      ? ["7", "8", "9", "0", "+", "4", "5", "6", "−", "="]
      : ["New", "Open", "Save", "Print", "Share", "Copy", "Paste", "Find", "Help", "Quit"]
    for (index, label) in labels.enumerated() {
      let button = proof.button(label: label) { proof.result.actions += 1 }
      gtk_grid_attach(grid.cast(), button, Int32(index % 5), Int32(index / 5), 1, 1)
    }
    return grid
  }

  func input(window: String) -> [String] {
    ["mousemove", "--window", window, "120", "30", "click", "--repeat", "\(count)", "--delay", "\(delayMs)", "1"]
  }

  var inputCount: Int { count }
}
