// WaylandCompositor: a headless mutter for the Wayland module tests — its
// own D-Bus bus (dbus-run-session), runtime directory and PipeWire, in a
// process group of its own (Fixtures/wayland-session.sh) — and the input
// helper that injects real pointer and keyboard input through its remote
// desktop API (Fixtures/wayland-input.py).

import Foundation
import XCTest

@testable import ClickGuardTestSupport

/// One headless Wayland compositor with its input session.
final class WaylandCompositor {
  /// The monitor's size in pixels.
  static let monitor = (width: 1024, height: 768)
  /// The programs it needs (scripts/deps.sh installs them).
  static let programs = ["/usr/bin/mutter", "/usr/bin/dbus-run-session", "/usr/bin/pipewire", "/usr/bin/python3"]

  /// The compositor's runtime directory (`XDG_RUNTIME_DIR`), with its
  /// socket and the bus address.
  let runtimeDirectory: URL
  /// The socket's name (`WAYLAND_DISPLAY`).
  let displayName: String
  /// The private bus's address.
  let busAddress: String
  private let group: pid_t
  private let logURL: URL
  private var input: LineChannel?

  /// Starts the compositor and the input session.
  /// - Throws: `XCTSkip` when a program is missing or the compositor does
  ///   not start here (the reason and its messages in the skip), or
  ///   ``HarnessError`` when the input session fails once it runs.
  init() throws {
    for program in Self.programs where !FileManager.default.isExecutableFile(atPath: program) {
      throw XCTSkip("Wayland tests: \(program) is not installed (scripts/deps.sh installs mutter, dbus, pipewire)")
    }
    // Short: the socket's path (scratch directory, this name twice) must fit
    // a Unix socket address (108 bytes).
    displayName = "cg-wl-\(UUID().uuidString.prefix(8))"
    runtimeDirectory = ModuleHarness.scratch.appendingPathComponent(displayName, isDirectory: true)
    try FileManager.default.createDirectory(
      at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    logURL = runtimeDirectory.appendingPathComponent("compositor.log")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/wayland-session.sh").path
    var environment = ProcessInfo.processInfo.environment.filter {
      !["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XAUTHORITY"].contains($0.key)
    }
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    group = try ProcessGroup.spawn(
      ["/usr/bin/dbus-run-session", "--", "/bin/sh", script, displayName], environment: environment,
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
      throw XCTSkip("Wayland tests: the headless compositor (mutter) did not start here:\n\(log)")
    }
    busAddress = address
    do {
      try startInput()
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

  /// Ends the input session, then the compositor's whole process group
  /// (dbus-daemon, PipeWire, mutter), and removes its directory.
  func stop() {
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
