import CGtk4
import ClickGuardGtk4

/// One scenario of the proof: the control and its handler, and the input.
@MainActor
protocol ProofScenario {
  /// Builds the control, ClickGuard's when `proof.isGuarded`, plain GTK 4's otherwise.
  func makeControl(in proof: Proof) -> WidgetPointer
  /// The xdotool commands that make the input, after the window's id;
  /// empty when ``act(on:in:)`` makes it instead.
  func input(window: String) -> [String]
  /// How many clicks or key presses the input sends.
  var inputCount: Int { get }
  /// Runs before ClickGuard starts, when guarded (``GlobalGuard/install()``).
  func prepare(_ proof: Proof)
  /// Sets up the window once it exists, before it is shown (its application).
  func prepareWindow(_ window: WidgetPointer, in proof: Proof)
  /// Makes the input from the app's own code, when ``input(window:)`` is empty.
  func act(on control: WidgetPointer, in proof: Proof)
  /// Notes what the result needs once the input is handled.
  func finish(_ control: WidgetPointer, in proof: Proof)
  /// Gives the keyboard focus before the input: to `control` unless the scenario says otherwise.
  func focus(_ control: WidgetPointer)
}

extension ProofScenario {
  func prepare(_ proof: Proof) {}
  func prepareWindow(_ window: WidgetPointer, in proof: Proof) {}
  func act(on control: WidgetPointer, in proof: Proof) {}
  func finish(_ control: WidgetPointer, in proof: Proof) {}
  func focus(_ control: WidgetPointer) { gtk_widget_grab_focus(control) }
}

/// Every scenario, by the name the command line gives.
@MainActor
let proofScenarios: [String: any ProofScenario] = [
  "lag": StalledButton(),
  "global": StalledButton(isWrapped: false),
  "keys": StalledButton(byKeys: true),
  "programmatic": AppClicks(),
  "async": SlowAsyncButton(),
  "async-cap": SlowAsyncButton(workMs: 2500, maxBusyMs: 1000, clickGaps: [1600], looksMs: [500, 1300]),
  "async-read": SlowAsyncButton(workMs: 2500, clickGaps: [], looksMs: [300]),
  "async-error": SlowAsyncButton(workMs: 400, fails: true, clickGaps: [100], looksMs: [200, 700]),
  "toggle": StalledToggle(isGuarded: false),
  "toggle-guarded": StalledToggle(isGuarded: true),
  "accelerator": StalledAccelerator(),
  "accelerator-held": StalledAccelerator(isHeld: true),
  "shortcut-window": StalledShortcut(.namedOnWindow),
  "shortcut-widget": StalledShortcut(.callbackOnWidget),
  "shortcut-class": StalledShortcut(.classBinding),
  "shortcut-held": StalledShortcut(.namedOnWindow, isHeld: true),
  "shortcut-by-app": StalledShortcut(.namedOnWindow, byApp: true),
  "keypad": KeypadScenario(count: 3, delayMs: 200),
  "keypad-bounce": KeypadScenario(count: 2, delayMs: 30),
  "words": KeypadScenario(isKeypad: false, count: 3, delayMs: 200),
  "entry": StalledEntry(),
  "list-row": StalledListRow(),
  "list-row-keys": StalledListRow(byKeys: true),
  "list-view-keys": StalledListViewItem(),
  "list-view-clicks": StalledListViewItem(byClicks: true),
  "check": StalledCheckButton(isGuarded: false),
  "check-guarded": StalledCheckButton(isGuarded: true),
  "radio": StalledRadioGroup(isGuarded: false),
  "radio-guarded": StalledRadioGroup(isGuarded: true),
  "switch": StalledSwitch(isGuarded: false),
  "switch-guarded": StalledSwitch(isGuarded: true),
  "navigation": LaggingNavigation(),
  "navigation-back": LaggingNavigation(startingAt: ["list", "details"]),
  "navigation-spill": LaggingNavigation(stallsToOpen: true),
  "navigation-spill-then-click": LaggingNavigation(stallsToOpen: true, clicksAgain: true),
  "window-spill": StalledWindowOpening(),
  "window-spill-then-click": StalledWindowOpening(clicksAgain: true),
  "window-spill-keys": StalledWindowOpening(byKeys: true),
  "stack-spill": StalledStackPageSwitch(),
  "popover-bounce": PopoverUnderThePointer(),
  "popover-bounce-then-click": PopoverUnderThePointer(clicksAgain: true),
]

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
  /// Whether the control carried the busy style class at each of the scenario's looks.
  var busyLooks: [Bool]?
  /// The toggle's state at the end.
  var active: Bool?
  /// The state the app's handler was told last.
  var toldState: Bool?
  /// A switch's `state` at the end: what the app let it show.
  var switchState: Bool?
  /// Which radio of a group is checked at the end, counting from 0.
  var choice: Int?
  /// The radio the app's handler was told chosen last.
  var toldChoice: Int?
  /// How many navigations the handlers made (pushes, or pops for the back button).
  var navigations: Int?
  /// How many pages the history holds at the end (the root counts as 1).
  var depth: Int?
  /// How many times the button on the content that appeared (the details page's "Edit", a new window's) acted.
  var freshClicks: Int?
  /// How many presses the navigator reported its fence dropped.
  var fencedPresses: Int?
}

/// xdotool's clicks at `x`, `y` in the window (by default its middle): `count`, `delay` ms apart.
func clicks(on window: String, x: Int = 120, y: Int = 60, count: Int, delay: Int) -> [String] {
  ["mousemove", "--window", window, "\(x)", "\(y)", "click", "--repeat", "\(count)", "--delay", "\(delay)", "1"]
}

/// xdotool's clicks at `x`, `y` in the window, `count`, `delay` ms apart, the
/// pointer drifting a pixel right before each after the first, as a hand
/// does: GTK 4 finds a press's widget from the pointer's last motion, so a
/// page that appears under a pointer held perfectly still gets no clicks.
func driftingClicks(on window: String, x: Int, y: Int, count: Int, delay: Int) -> [String] {
  let later = (1..<count).flatMap { _ in
    ["sleep", "\(Double(delay) / 1000)", "mousemove_relative", "1", "0", "click", "1"]
  }
  return ["mousemove", "--window", window, "\(x)", "\(y)", "click", "1"] + later
}
