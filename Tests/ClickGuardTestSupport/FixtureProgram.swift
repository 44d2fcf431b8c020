// FixtureProgram: which fixture app a FixtureApp runs — the C ones
// (Fixtures/clickcount.c, Fixtures/bounce.c) or the PyGObject ones
// (Fixtures/activations.py, Fixtures/fence.py) — and the title of the
// window it shows.

import Foundation

/// A fixture app: a GTK 3 program that knows nothing of ClickGuard.
enum FixtureProgram {
  /// Fixtures/clickcount.c: buttons, a GAction button, radios, a switch, a
  /// menu with accelerators.
  case clickcount
  /// Fixtures/activations.py: a GtkApplication with an entry, a list box, a
  /// flow box, a tree view, an icon view and GAction accelerators.
  case activations
  /// Fixtures/fence.py: a dialog and a notebook page that appear under the
  /// pointer, a menu bar and a combo box (the fresh-content fence).
  case fence
  /// Fixtures/bounce.c: a galculator-like toggle-button digit, a tree view
  /// whose rows open on a double-click, an entry of words, and the X
  /// server's bell heard (the bounce profile).
  case bounce

  /// The window title, to find the window with xdotool.
  var title: String {
    switch self {
    case .clickcount: "clickcount"
    case .activations: "activations"
    case .fence: "fence"
    case .bounce: "bounce"
    }
  }

  /// The executable and the arguments that run it.
  func command() throws -> (executable: String, arguments: [String]) {
    switch self {
    case .clickcount:
      return (try ModuleHarness.fixture(), [])
    case .bounce:
      return (try ModuleHarness.bounceFixture(), [])
    case .activations, .fence:
      // The system Python, where python3-gi is installed (not a pyenv shim).
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/\(self == .fence ? "fence" : "activations").py").path
      return ("/usr/bin/python3", [script])
    }
  }
}
