import CBenchSupport
import CGtk4
import ClickGuardBenchSupport
import ClickGuardGtk4
import Foundation

/// The latency ClickGuard adds to an accepted GTK 4 click: from the button
/// release as GDK reads it (GdkX11Display's `xevent`, before GDK and GTK
/// handle it) to the action starting, with real X clicks (XTEST through
/// xdotool), guarded or plain.
@MainActor
enum Gtk4LatencyBench {
  /// When GDK read the last release (ns), 0 once an action used it.
  static var releasedAt: Int64 = 0
  /// The main thread's CPU time when GDK read the last release (ns).
  static var releasedAtCPU: Int64 = 0
  static var samples: [Double] = []
  /// Main-thread CPU time from the release to the action (µs): the work on
  /// the path, without the waits for other processes.
  static var cpuSamples: [Double] = []

  static func action() {
    let now = monotonicNanoseconds()
    let cpu = threadCPUNanoseconds()
    if releasedAt != 0 {
      samples.append(Double(now - releasedAt) / 1000)
      cpuSamples.append(Double(cpu - releasedAtCPU) / 1000)
    }
    releasedAt = 0
  }

  static func run(guarded: Bool, clicks: Int, delayMs: Int) {
    startGtk()
    MainLoopBridge.install()
    let title = "clickguard-bench-gtk4-\(getpid())"
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    _ = showWindow(box, title: title, width: 240, height: 120)
    cg_signal_connect_pointer(
      UnsafeMutableRawPointer(gdk_display_get_default()), "xevent", releaseStamp, nil, nil, GConnectFlags(rawValue: 0))
    var wrapper: Button?
    let widget: UnsafeMutablePointer<GtkWidget>
    if guarded {
      GtkClickGuard.prepare()
      // Interval 0: every click 25+ ms apart is accepted.
      GtkClickGuard.dispatcher = ClickDispatcher(configuration: try! GuardConfiguration(interval: .zero))
      let button = Button(label: "Open details")
      button.onClick { Gtk4LatencyBench.action() }
      widget = button.widget
      wrapper = button
    } else {
      widget = gtk_button_new_with_label("Open details")!
      Signal.connect(widget, "clicked") { _ in Gtk4LatencyBench.action() }
    }
    gtk_widget_set_vexpand(widget, 1)
    gtk_box_append(box.cast(), widget)
    pump(for: 5) { gtk_widget_get_mapped(widget) == 0 }
    pump(for: 0.4)
    guard let windowID = xdotool(["search", "--sync", "--onlyvisible", "--name", title])?.split(separator: "\n").first
    else {
      report("error", "xdotool found no window")
      return
    }
    _ = xdotool(["mousemove", "--window", String(windowID), "120", "60"])
    // Warm-up clicks, not counted.
    click(count: 5, delayMs: delayMs)
    samples.removeAll()
    cpuSamples.removeAll()
    click(count: clicks, delayMs: delayMs)
    report("clicks", clicks)
    report("actions", samples.count)
    if !samples.isEmpty {
      report("median-us", fmt(median(samples), 2))
      report("cpu-median-us", fmt(median(cpuSamples), 2))
    }
    report("accepted", GtkClickGuard.dispatcher.totals.accepted)
    withExtendedLifetime(wrapper) {}
  }

  /// `count` clicks `delayMs` apart, the main loop running meanwhile.
  private static func click(count: Int, delayMs: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = ["click", "--repeat", String(count), "--delay", String(delayMs), "1"]
    guard (try? process.run()) != nil else { return }
    pump(for: 60) { process.isRunning }
    pump(for: 0.2)
  }

  private static func xdotool(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }
}

/// GdkX11Display's `xevent` handler: stamps every pointer button release
/// as GDK reads it; lets GDK go on.
private let releaseStamp: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { _, xevent, _ in
  guard let xevent, cgb_is_button_release(xevent) != 0 else { return 0 }
  let now = monotonicNanoseconds()
  let cpu = threadCPUNanoseconds()
  MainActor.assumeIsolated {
    Gtk4LatencyBench.releasedAt = now
    Gtk4LatencyBench.releasedAtCPU = cpu
  }
  return 0
}
