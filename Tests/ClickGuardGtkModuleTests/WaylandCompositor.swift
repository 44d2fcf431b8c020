// WaylandCompositor: a headless mutter (or GNOME Shell) for the Wayland
// module tests — its own D-Bus bus (dbus-run-session), runtime directory
// and PipeWire, in a process group of its own (Fixtures/wayland-session.sh)
// — and the input helper that injects real pointer and keyboard input
// through its remote desktop API (Fixtures/wayland-input.py). With GNOME
// Shell it also runs GNOME's gsd-xsettings on the shell's Xwayland.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

/// One headless Wayland compositor with its input session.
final class WaylandCompositor {
  /// Which compositor runs.
  enum Shell: String {
    /// mutter alone, Wayland only.
    case mutter
    /// GNOME Shell (mutter's compositor with the shell's own UI) with
    /// Xwayland, as in a GNOME session.
    case gnomeShell = "gnome-shell"

    /// The programs it needs (scripts/deps.sh installs them).
    var programs: [String] {
      let common = ["/usr/bin/dbus-run-session", "/usr/bin/pipewire", "/usr/bin/python3"]
      switch self {
      case .mutter: return ["/usr/bin/mutter"] + common
      case .gnomeShell: return ["/usr/bin/gnome-shell", "/usr/bin/Xwayland", "/usr/bin/dbus-daemon"] + common
      }
    }
  }

  /// The monitor's size in pixels.
  static let monitor = (width: 1024, height: 768)
  /// GNOME's settings daemon for GTK's settings (package gnome-settings-daemon).
  static let gsdXsettings = "/usr/libexec/gsd-xsettings"

  /// The compositor's runtime directory (`XDG_RUNTIME_DIR`), with its
  /// socket and the bus address.
  let runtimeDirectory: URL
  /// The socket's name (`WAYLAND_DISPLAY`).
  let displayName: String
  /// The private bus's address.
  let busAddress: String
  /// Which compositor runs.
  let shell: Shell
  /// The GSettings the compositor reads (keyfile backend, its own config
  /// directory): give them to what should share its settings.
  var settingsEnvironment: [String: String] {
    ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": runtimeDirectory.appendingPathComponent("config").path]
  }
  /// gsd-xsettings' messages (``startSettingsDaemon()``).
  var settingsDaemonLog: String { (try? String(contentsOf: daemonLogURL, encoding: .utf8)) ?? "" }
  private let group: pid_t
  private let logURL: URL
  private let daemonLogURL: URL
  private var input: LineChannel?
  private var daemon: pid_t?

  /// Starts the compositor and the input session.
  /// - Throws: `XCTSkip` when a program is missing or the compositor does
  ///   not start here (the reason and its messages in the skip), or
  ///   ``HarnessError`` when the input session fails once it runs.
  init(shell: Shell = .mutter) throws {
    self.shell = shell
    for program in shell.programs where !FileManager.default.isExecutableFile(atPath: program) {
      throw XCTSkip(
        "Wayland tests: \(program) is not installed (scripts/deps.sh installs mutter, gnome-shell, xwayland, dbus, "
          + "pipewire)")
    }
    // Short: the socket's path (scratch directory, this name twice) must fit
    // a Unix socket address (108 bytes).
    displayName = "cg-wl-\(UUID().uuidString.prefix(8))"
    runtimeDirectory = ModuleHarness.scratch.appendingPathComponent(displayName, isDirectory: true)
    try FileManager.default.createDirectory(
      at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    logURL = runtimeDirectory.appendingPathComponent("compositor.log")
    daemonLogURL = runtimeDirectory.appendingPathComponent("gsd-xsettings.log")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/wayland-session.sh").path
    var environment = ProcessInfo.processInfo.environment.filter {
      !["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XAUTHORITY"].contains($0.key)
    }
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    group = try ProcessGroup.spawn(
      ["/usr/bin/dbus-run-session", "--", "/bin/sh", script, displayName, shell.rawValue], environment: environment,
      output: logURL.path, append: true)
    let socket = runtimeDirectory.appendingPathComponent(displayName).path
    let busFile = runtimeDirectory.appendingPathComponent("bus").path
    var address: String?
    let deadline = ContinuousClock.now.advanced(by: .seconds(15))
    while ContinuousClock.now < deadline, address == nil || !FileManager.default.fileExists(atPath: socket) {
      if waitpid(group, nil, WNOHANG) == group { break }
      address = (try? String(contentsOfFile: busFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
      usleep(20_000)
    }
    guard let address, !address.isEmpty, FileManager.default.fileExists(atPath: socket) else {
      let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
      Self.endGroup(group)
      throw XCTSkip("Wayland tests: the headless compositor (\(shell.rawValue)) did not start here:\n\(log)")
    }
    busAddress = address
    do {
      if shell == .gnomeShell { try waitForShellStart() }
      try startInput()
      // Escape, as a person would: GNOME Shell shows its overview once it
      // has started, as at a login, and windows only behind it.
      if shell == .gnomeShell { try inject(["key 0xff1b down", "sleep 20", "key 0xff1b up", "sleep 500"]) }
    } catch {
      stop()
      throw error
    }
  }

  /// Opens the remote desktop session before any app starts, so every app's
  /// seat has a pointer and a keyboard from the start.
  private func startInput() throws {
    let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/wayland-input.py").path
    let errors = try FileHandle(forWritingTo: logURL)
    errors.seekToEndOfFile()
    let channel = try LineChannel("/usr/bin/python3", [helper, busAddress], errors: errors)
    input = channel
    guard channel.readLine(within: 15) == "started" else {
      throw HarnessError("the remote desktop session did not start:\n\(log)")
    }
  }

  /// GNOME Shell did not say it had started within its deadline.
  struct ShellDidNotStart: Error, CustomStringConvertible {
    /// What the shell printed until then.
    let log: String
    var description: String { "GNOME Shell did not start:\n\(log)" }
  }

  /// GNOME Shell, started once more when the first one does not start:
  /// on a fresh machine one has stopped printing anything half way through
  /// its start, where it usually goes on within milliseconds. The first
  /// one's messages go to the test's output.
  static func startGnomeShell() throws -> WaylandCompositor {
    do {
      return try WaylandCompositor(shell: .gnomeShell)
    } catch let failure as ShellDidNotStart {
      print("\(failure)\nStarting GNOME Shell once more.")
      return try WaylandCompositor(shell: .gnomeShell)
    }
  }

  /// Waits until GNOME Shell says it has started: its socket comes before
  /// its D-Bus services (the remote desktop API among them).
  private func waitForShellStart() throws {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while !log.contains("GNOME Shell started at") {
      guard ContinuousClock.now < deadline, kill(group, 0) == 0 else { throw ShellDidNotStart(log: log) }
      usleep(50_000)
    }
  }

  /// Starts gsd-xsettings as a GNOME session does (on the shell's
  /// Xwayland, the session bus, the compositor's GSettings): it publishes
  /// gtk-modules as org.gtk.Settings' Modules, from its gtk-modules
  /// directory and the keys its `.desktop` files name. Its messages go to
  /// ``settingsDaemonLog``; ``stop()`` ends it.
  /// - Throws: `XCTSkip` when it is not installed.
  func startSettingsDaemon() throws {
    guard shell == .gnomeShell else { throw HarnessError("gsd-xsettings needs GNOME Shell's Xwayland") }
    guard FileManager.default.isExecutableFile(atPath: Self.gsdXsettings) else {
      throw XCTSkip("\(Self.gsdXsettings) is not installed (scripts/deps.sh installs gnome-settings-daemon)")
    }
    // mutter: "Using public X11 display :0, (using :1 for managed services)",
    // and the Xauthority file it writes for its clients.
    guard let line = log.split(separator: "\n").first(where: { $0.contains("Using public X11 display ") }),
      let display = line.split(separator: " ").first(where: { $0.hasPrefix(":") })?.trimmingCharacters(
        in: CharacterSet(charactersIn: ",")),
      let authority = try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path).first(where: {
        $0.hasPrefix(".mutter-Xwaylandauth.")
      })
    else { throw HarnessError("GNOME Shell started no Xwayland:\n\(log)") }
    var environment = ProcessInfo.processInfo.environment.filter {
      !["WAYLAND_DISPLAY", "GDK_BACKEND", "GSETTINGS_SCHEMA_DIR"].contains($0.key) && !$0.key.hasPrefix("GTK")
    }
    environment.merge(settingsEnvironment) { $1 }
    environment["DISPLAY"] = display
    environment["XAUTHORITY"] = runtimeDirectory.appendingPathComponent(authority).path
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
    daemon = try ProcessGroup.spawn(
      [Self.gsdXsettings], environment: environment, output: daemonLogURL.path, append: true)
  }

  /// Ends gsd-xsettings if it runs and starts a new one, as a GNOME
  /// session's systemd unit does when it fails and a new login does.
  func restartSettingsDaemon() throws {
    if let daemon { Self.endGroup(daemon) }
    daemon = nil
    try startSettingsDaemon()
  }

  /// gsd-xsettings' wait status once it has exited, `nil` while it runs.
  func settingsDaemonExit() -> Int32? {
    guard let daemon else { return nil }
    var status: Int32 = 0
    guard waitpid(daemon, &status, WNOHANG) == daemon else { return nil }
    self.daemon = nil
    return status
  }

  /// The Modules org.gtk.Settings publishes on the session bus, `nil`
  /// while no one owns the name.
  func publishedModules() -> String? {
    let result = ChildProcess.output(
      of: "/usr/bin/gdbus",
      [
        "call", "--address", busAddress, "--dest", "org.gtk.Settings", "--object-path", "/org/gtk/Settings",
        "--method", "org.freedesktop.DBus.Properties.Get", "org.gtk.Settings", "Modules",
      ])
    // (<'clickguard'>,)
    guard result.status == 0, let open = result.output.firstIndex(of: "'"),
      let close = result.output.lastIndex(of: "'"), open < close
    else { return nil }
    return String(result.output[result.output.index(after: open)..<close])
  }

  /// Waits up to `seconds` until org.gtk.Settings publishes Modules that
  /// `accept` (a daemon publishes a change within a moment).
  func waitForModules(
    within seconds: Double = 10, where accept: (String) -> Bool
  ) throws -> String {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
    var modules = publishedModules()
    while modules.map(accept) != true {
      guard ContinuousClock.now < deadline else {
        throw HarnessError(
          "org.gtk.Settings publishes Modules \(modules.map { "'\($0)'" } ?? "(no service)"); gsd-xsettings:\n"
            + settingsDaemonLog)
      }
      usleep(100_000)
      modules = publishedModules()
    }
    return modules ?? ""
  }

  /// Starts a stand-in for gsd-xsettings on the compositor's bus
  /// (Fixtures/gtk-settings-service.py): the org.gtk.Settings service,
  /// whose Modules GTK on Wayland takes for its gtk-modules setting.
  /// - Returns: the running service; closing it ends it.
  func startSettingsService(modules: String) throws -> LineChannel {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/gtk-settings-service.py").path
    let errors = try FileHandle(forWritingTo: logURL)
    errors.seekToEndOfFile()
    let service = try LineChannel("/usr/bin/python3", [script, busAddress, modules], errors: errors)
    guard service.readLine(within: 10) == "ready" else {
      service.close()
      throw HarnessError("the org.gtk.Settings service did not start:\n\(log)")
    }
    return service
  }

  /// The compositor's and the input helper's messages so far.
  var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

  /// What an app needs to show its windows on this compositor: GDK's
  /// Wayland backend, the socket, and the private bus (where mutter is).
  var appEnvironment: [String: String] {
    [
      "GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": displayName, "XDG_RUNTIME_DIR": runtimeDirectory.path,
      "DBUS_SESSION_BUS_ADDRESS": busAddress,
    ]
  }

  /// Runs `steps` (`move X Y`, `down`, `up`, `key KEYSYM down|up`, `sleep
  /// MS`) in the input helper, which times them, and waits until done.
  func inject(_ steps: [String]) throws {
    guard let input else { throw HarnessError("the input session is closed") }
    let planned = steps.reduce(0.0) { total, step in
      step.hasPrefix("sleep ") ? total + (Double(step.dropFirst(6)) ?? 0) / 1000 : total
    }
    try input.send(steps.joined(separator: "; "), within: planned + 10)
  }

  /// Ends gsd-xsettings, the input session, then the compositor's whole
  /// process group (dbus-daemon, PipeWire, the compositor), and removes its
  /// directory.
  func stop() {
    if let daemon { Self.endGroup(daemon) }
    daemon = nil
    input?.close()
    input = nil
    Self.endGroup(group)
    try? FileManager.default.removeItem(at: runtimeDirectory)
  }

  /// SIGTERM to the group, SIGKILL to what is left after 2 s (mutter may
  /// not quit on SIGTERM while a client is connected), and the leader reaped.
  private static func endGroup(_ group: pid_t) {
    kill(-group, SIGTERM)
    let deadline = ContinuousClock.now.advanced(by: .seconds(2))
    var reaped = false
    while ContinuousClock.now < deadline {
      if waitpid(group, nil, WNOHANG) == group { reaped = true }
      // Done when no process of the group is left.
      if reaped, kill(-group, 0) != 0 { return }
      usleep(20_000)
    }
    kill(-group, SIGKILL)
    if !reaped { waitpid(group, nil, 0) }
  }
}
