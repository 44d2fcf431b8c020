// RealAppHarness: one run of a real Debian GTK 3 app (mousepad, geany,
// gedit, thunar, galculator, zenity) for RealAppTests — a fresh HOME, a
// D-Bus session of its own, the module in GTK3_MODULES or not — and the real
// X input (xdotool) and read-backs (window titles, the clipboard, files) the
// tests drive it with.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

/// One run of a real app, in its own process group, ended by ``stop()``.
///
/// The app runs as `dbus-run-session -- COMMAND` from `HOME/work`, with
/// `HOME` a new directory (clean configuration: each app writes its own
/// there), `NO_AT_BRIDGE=1` (no accessibility bus), `GSETTINGS_BACKEND=memory`
/// (no dconf), no `CLICKGUARD_*` variable but the log (so the mode is
/// `enforce`, the default) and, with the module, `GTK3_MODULES` set to the
/// built module's absolute path. Its own session bus keeps single-instance
/// apps (gedit, mousepad, thunar) from handing their work to another
/// instance, and carries the services they activate (thunar's xfconfd).
final class RealApp {
  /// Whether the module is loaded.
  let withModule: Bool
  /// The app's HOME.
  let home: URL
  /// The app's working directory, `HOME/work`, where file choosers open.
  let work: URL
  /// The module's decision log (`CLICKGUARD_LOG`), with the module.
  let logURL: URL
  private let outputURL: URL
  private let leader: pid_t
  private var stopped = false
  /// Visible windows that were there before the app started (a previous
  /// case's app still going away): never taken for this app's.
  private let earlierWindows: Set<String>
  /// The windows ``waitForWindow(_:timeout:)`` found.
  private var windows: Set<String> = []

  /// The programs the suite drives, by the Debian package that ships them.
  static let programs: [String: String] = [
    "mousepad": "/usr/bin/mousepad", "geany": "/usr/bin/geany", "gedit": "/usr/bin/gedit",
    "thunar": "/usr/bin/thunar", "galculator": "/usr/bin/galculator", "zenity": "/usr/bin/zenity",
    "xclip": "/usr/bin/xclip", "dbus": "/usr/bin/dbus-run-session",
  ]

  /// Skips the test unless the display answers and `packages` are installed.
  static func require(_ packages: [String]) throws {
    try XDisplay.require()
    let missing = (packages + ["xclip", "dbus"]).filter {
      !FileManager.default.isExecutableFile(atPath: programs[$0] ?? "/nonexistent")
    }
    guard missing.isEmpty else {
      throw XCTSkip("not installed: \(missing.joined(separator: " ")) (scripts/deps.sh installs them)")
    }
  }

  /// Starts `command` (a program and its arguments) and, when `setup` is
  /// given, first runs it as a shell script in the new HOME (`$HOME` set).
  /// - Parameters:
  ///   - command: the app's command line.
  ///   - module: whether to load the module.
  ///   - setup: a shell script run before the app, in the same session.
  init(_ command: [String], module: Bool, setup: String? = nil) throws {
    withModule = module
    // Short: geany's socket lives in XDG_RUNTIME_DIR (here HOME), and a
    // Unix socket's path has at most 107 bytes.
    let tag = UUID().uuidString.prefix(8).lowercased()
    home = ModuleHarness.scratch.appendingPathComponent("app-\(tag)", isDirectory: true)
    work = home.appendingPathComponent("work", isDirectory: true)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    logURL = home.appendingPathComponent("clickguard.jsonl")
    outputURL = home.appendingPathComponent("output.log")
    earlierWindows = RealApp.visibleWindows(named: ".")
    let inherited = ProcessInfo.processInfo.environment
    var environment = [
      "HOME": home.path, "PATH": "/usr/local/bin:/usr/bin:/bin", "NO_AT_BRIDGE": "1",
      "GSETTINGS_BACKEND": "memory", "XDG_RUNTIME_DIR": home.path,
    ]
    for name in ["DISPLAY", "XAUTHORITY", "LANG", "LC_ALL"] { environment[name] = inherited[name] }
    if module {
      environment["GTK3_MODULES"] = try ModuleHarness.modulePath()
      environment["CLICKGUARD_LOG"] = logURL.path
      environment.merge(ModuleHarness.sanitizerEnvironment) { $1 }
    }
    // sh runs the setup, then replaces itself with the session that runs
    // the app: `$0` is the working directory, `$@` the command.
    let script = "cd \"$0\" || exit 1\n\(setup ?? ":")\nexec /usr/bin/dbus-run-session -- \"$@\""
    leader = try ProcessGroup.spawn(
      ["/bin/sh", "-c", script, work.path] + command, environment: environment, output: outputURL.path)
  }

  deinit { stop() }

  /// Ends the app and everything in its process group (the session bus,
  /// the services it activated): SIGTERM, then SIGKILL after 1 s; then
  /// waits (at most 2 s) until the windows it showed are gone.
  func stop() {
    guard !stopped else { return }
    stopped = true
    kill(-leader, SIGTERM)
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(1)
    while waitpid(leader, &status, WNOHANG) == 0, Date() < deadline { usleep(20_000) }
    kill(-leader, SIGKILL)
    _ = waitpid(leader, &status, WNOHANG)
    wait(timeout: 2) { RealApp.visibleWindows(named: ".").isDisjoint(with: windows) }
  }

  /// The ids of the visible windows whose name matches `name`.
  private static func visibleWindows(named name: String) -> Set<String> {
    Set(xdotool(["search", "--onlyvisible", "--name", name]).split(separator: "\n").map(String.init))
  }

  /// What the app and its session printed.
  var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

  /// The module's decisions, one line each (`outcome reason action
  /// "accessible" event_time`), leaving out the widgets it never judges
  /// (`kind-skipped`): for failure messages.
  var decisions: String {
    guard withModule, let objects = try? JSONLines.objects(in: logURL) else { return "(no module log)" }
    let lines = objects.filter { ($0["reason"] as? String) != "kind-skipped" }.map { object in
      ["outcome", "reason", "action", "widget", "accessible", "source", "event_time"].map {
        object[$0].map { "\($0)" } ?? "-"
      }.joined(separator: " ")
    }
    return lines.isEmpty ? "(no decisions)" : lines.joined(separator: "\n")
  }

  /// What to print when an assertion about this run fails.
  var diagnosis: String {
    "\(withModule ? "with" : "without") the module; decisions:\n\(decisions)"
  }

  // MARK: Windows

  /// Waits (at most `timeout` seconds) for a visible window whose name
  /// matches the regular expression `name`, and that was not there before
  /// the app started.
  /// - Returns: its X window id, or `nil` when none appeared.
  func waitForWindow(_ name: String, timeout: Double = 15) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      if let id = RealApp.visibleWindows(named: name).subtracting(earlierWindows).sorted().first {
        windows.insert(id)
        return id
      }
      usleep(30_000)
    } while Date() < deadline
    return nil
  }

  /// Waits (at most `timeout` seconds) until `condition` holds.
  /// - Returns: whether it did.
  @discardableResult
  func wait(timeout: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      if condition() { return true }
      usleep(50_000)
    } while Date() < deadline
    return condition()
  }

  /// The window's name (its title).
  func name(of window: String) -> String {
    RealApp.xdotool(["getwindowname", window]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The window's position and size on the screen.
  func geometry(of window: String) -> (x: Int, y: Int, width: Int, height: Int) {
    var fields: [String: Int] = [:]
    for line in RealApp.xdotool(["getwindowgeometry", "--shell", window]).split(separator: "\n") {
      let parts = line.split(separator: "=")
      if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
    }
    return (fields["X"] ?? 0, fields["Y"] ?? 0, fields["WIDTH"] ?? 0, fields["HEIGHT"] ?? 0)
  }

  /// Gives `window` the keyboard focus (XSetInputFocus: there is no window
  /// manager to activate it).
  func focus(_ window: String) {
    RealApp.xdotool(["windowfocus", "--sync", window])
  }

  // MARK: Input

  /// Types `text`, `delayMs` between keys.
  func type(_ text: String, delayMs: Int = 30) {
    RealApp.xdotool(["type", "--delay", String(delayMs), text])
  }

  /// Presses `keys` (xdotool key names, e.g. `ctrl+s Return`) in turn.
  func key(_ keys: String) {
    RealApp.xdotool(["key", "--delay", "40"] + keys.split(separator: " ").map(String.init))
  }

  /// Presses the chord `key` `count` times, each held `holdMs`, one press
  /// every `periodMs` (press to press, in one xdotool run, so the period is
  /// the one the X server sees: `key --delay` would add its own delays).
  func tap(_ key: String, count: Int, periodMs: Int, holdMs: Int = 30) {
    var arguments: [String] = []
    for index in 0..<count {
      if index > 0 { arguments += ["sleep", RealApp.seconds(periodMs - holdMs)] }
      arguments += ["keydown", "--delay", "0", key, "sleep", RealApp.seconds(holdMs), "keyup", "--delay", "0", key]
    }
    RealApp.xdotool(arguments)
  }

  /// Holds `modifier`+`key` down for `seconds`: the X server auto-repeats
  /// the key (Xvfb: after 660 ms, 25 a second).
  func hold(_ key: String, with modifier: String, seconds: Double) {
    RealApp.xdotool([
      "keydown", modifier, "keydown", key, "sleep", String(seconds), "keyup", key, "keyup", modifier,
    ])
  }

  /// Moves the pointer to (`x`, `y`) — away first, so it really moves —
  /// and clicks button 1 `count` times, `delayMs` apart.
  func click(x: Int, y: Int, count: Int = 1, delayMs: Int = 80) {
    RealApp.xdotool(["mousemove", "0", "0"])
    RealApp.xdotool([
      "mousemove", String(x), String(y), "sleep", "0.2", "click", "--repeat", String(count), "--delay",
      String(delayMs), "1",
    ])
  }

  /// Clicks button 1 `count` times where the pointer is, `delayMs` apart.
  func clickHere(count: Int = 1, delayMs: Int = 80) {
    RealApp.xdotool(["click", "--repeat", String(count), "--delay", String(delayMs), "1"])
  }

  /// Selects all in the focused text (Ctrl+A), copies it (Ctrl+C), moves to
  /// its end, and reads the CLIPBOARD.
  func copyAll() -> String {
    RealApp.xdotool(["key", "ctrl+a", "sleep", "0.3", "key", "ctrl+c", "sleep", "0.3", "key", "End"])
    return clipboard()
  }

  /// The CLIPBOARD selection's text (xclip), or `""`.
  func clipboard() -> String {
    RealApp.run(["/usr/bin/xclip", "-o", "-selection", "clipboard"], timeout: 3)
  }

  /// Whether a file named `name` exists anywhere under HOME.
  func fileExists(named name: String) -> Bool {
    guard let files = FileManager.default.enumerator(atPath: home.path) else { return false }
    for case let path as String in files where (path as NSString).lastPathComponent == name { return true }
    return false
  }

  // MARK: The display

  /// A client that keeps a connection to the display open while the suite
  /// runs. Xvfb resets when its last client disconnects (xvfb-run starts it
  /// without -noreset), and a client that connects during the reset fails:
  /// measured, 3 of 300 xdotool runs in a row, 0 with a client holding on.
  /// Between two cases no app is connected.
  nonisolated(unsafe) private static var displayHolder: pid_t = 0

  /// Starts the display holder (`xdotool sleep`, for at most 15 minutes).
  static func holdDisplay() {
    guard displayHolder == 0, ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return }
    displayHolder =
      (try? ProcessGroup.spawn(
        ["/usr/bin/timeout", "900", XDoTool.path, "sleep", "900"], environment: ProcessInfo.processInfo.environment,
        output: "/dev/null")) ?? 0
    usleep(200_000)
  }

  /// Ends the display holder.
  static func releaseDisplay() {
    guard displayHolder != 0 else { return }
    kill(-displayHolder, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(displayHolder, &status, 0)
    displayHolder = 0
  }

  // MARK: Running programs

  /// Runs xdotool with `arguments` (at most 10 s) and returns what it printed.
  @discardableResult
  static func xdotool(_ arguments: [String]) -> String {
    run([XDoTool.path] + arguments, timeout: 10)
  }

  /// Runs `command` under `timeout` and returns its standard output (its
  /// standard error is dropped: xclip's "target STRING not available" is
  /// no text).
  static func run(_ command: [String], timeout: Int) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["-k", "1", String(timeout)] + command
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  private static func seconds(_ milliseconds: Int) -> String {
    String(format: "%.3f", Double(max(milliseconds, 0)) / 1000)
  }
}
