/// What one run of the proof does: the control, its handler and the input.
enum Scenario: String, CaseIterable {
  /// A button whose handler stalls the main loop, clicked five times fast.
  case lag
  /// A button whose async action takes 700 ms, clicked five times in it.
  case async
  /// A toggle button, stalled, clicked four times: skipped by default.
  case toggle
  /// The same toggle button with its policy set to guarded.
  case toggleGuarded = "toggle-guarded"
  /// A plain GtkButton nobody wrapped, under GlobalGuard, stalled.
  case global
  /// A focused button, stalled, activated by Space three times fast.
  case keys
  /// A wrapped button whose `clicked` the app emits three times itself.
  case programmatic

  /// How long the handler blocks the main loop: the app's lag.
  var stall: UInt {
    switch self {
    case .lag, .global, .keys: 250
    case .toggle, .toggleGuarded: 150
    case .async, .programmatic: 0
    }
  }

  /// The xdotool commands that make the input, after the window's id.
  func input(window: String) -> [String] {
    switch self {
    case .lag, .global:
      ["mousemove", "--window", window, "120", "60", "click", "--repeat", "5", "--delay", "40", "1"]
    case .async:
      ["mousemove", "--window", window, "120", "60", "click", "--repeat", "5", "--delay", "100", "1"]
    case .toggle, .toggleGuarded:
      ["mousemove", "--window", window, "120", "60", "click", "--repeat", "4", "--delay", "40", "1"]
    case .keys: ["key", "--window", window, "--repeat", "3", "--delay", "60", "space"]
    case .programmatic: []
    }
  }
}

/// What a run saw, printed as JSON.
struct ProofResult: Codable {
  /// How many times the handler ran: the action a person would see.
  var actions = 0
  /// How many clicks or key presses the input sent.
  var inputs = 0
  /// Whether the control carried the busy style class while its action ran.
  var busySeen: Bool?
  /// Whether it kept the keyboard focus and stayed sensitive while busy.
  var focusKeptWhileBusy: Bool?
  /// Whether the busy style class was gone once the action ended.
  var busyCleared: Bool?
  /// The toggle's state at the end.
  var active: Bool?
}
