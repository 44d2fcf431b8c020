// DemoApplication: the GtkApplication (io.github.clickguard.Demo) — its
// command-line options through GApplication, start-up checks with clear
// errors and exit statuses, and the window's life cycle.

import CGtk
import ClickGuard
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// The ClickGuard demo application.
///
/// ```swift
/// exit(DemoApplication.main())
/// ```
@MainActor
package final class DemoApplication {
  /// The application id.
  static let applicationID = "io.github.clickguard.Demo"
  /// The program name used in messages.
  static let programName = "clickguard-demo"

  private let startMs = ProcessClock.monotonicMs()
  private let application: UnsafeMutablePointer<GtkApplication>
  private let commandLine = DemoCommandLine(arguments: Array(CommandLine.arguments.dropFirst()))
  private var options = DemoOptions()
  private var resources = ""
  private var log: DemoLog?
  private var dispatcher: ClickDispatcher?
  private var demoWindow: DemoWindow?
  private var exitStatus = DemoExitStatus.success
  private var quitReason = "window-closed"

  /// Runs the demo with the process's command line.
  /// - Returns: the exit status (see ``DemoExitStatus``).
  package static func main() -> Int32 {
    let demo = DemoApplication()
    return withExtendedLifetime(demo) { demo.run() }
  }

  private init() {
    application = gtk_application_new(Self.applicationID, G_APPLICATION_NON_UNIQUE)
  }

  isolated deinit {
    g_object_unref(application.raw)
  }

  private var gApplication: UnsafeMutablePointer<GApplication> { application.cast() }

  private func run() -> Int32 {
    // A log pipe whose reader went away fails its writes with EPIPE, which
    // the log reports, instead of ending the demo.
    signal(SIGPIPE, SIG_IGN)
    registerOptions()
    Signal.connect(
      application.raw, "handle-local-options",
      withArgument: { [weak self] _, _ in
        guard let self else { return DemoExitStatus.failure }
        return self.handleLocalOptions()
      })
    Signal.connect(application.raw, "activate") { [weak self] _ in self?.activate() }
    Signal.connect(application.raw, "shutdown") { [weak self] _ in
      guard let self else { return }
      self.log?.record(.quit(reason: self.quitReason))
    }
    // GTK's options initialise GTK, and load its modules, as they are
    // parsed: the demo's own ClickGuard guards it, not the module.
    GtkClickGuard.claimProcess()
    let status = g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv)
    // GOption refused the command line and GApplication printed why.
    if commandLine.failed { return DemoExitStatus.usage }
    return status != 0 ? status : exitStatus
  }

  private func registerOptions() {
    // --help's texts are translated as they are registered, before GTK sets
    // the locale while it parses its options.
    setlocale(LC_ALL, "")
    commandLine.register(on: gApplication)
  }

  /// GApplication parsed the command line: check the options together and
  /// prepare everything that can fail before a window exists.
  /// - Returns: -1 to go on, or the exit status.
  private func handleLocalOptions() -> Int32 {
    do {
      options = try commandLine.options()
    } catch {
      Console.error(DemoCommandLine.usageMessage(error))
      return DemoExitStatus.usage
    }
    if options.printsVersion {
      Console.out("\(Self.programName) \(ClickGuardVersion.current)")
      return DemoExitStatus.success
    }
    do {
      resources = try ResourceLocator.forCurrentProcess().locate()
    } catch {
      Console.error("\(Self.programName): \(error)")
      return DemoExitStatus.failure
    }
    // The files the user named, before anything is written: a screenshot
    // target first (checking it makes nothing), then the log (which starts).
    do {
      if let screenshot = options.screenshot { try WindowCapture.check(screenshot) }
    } catch {
      Console.error("\(Self.programName): --screenshot \(error.translated)")
      return DemoExitStatus.failure
    }
    do {
      log = try DemoLog(name: options.logFile)
    } catch {
      Console.error("\(Self.programName): --log-file \(error.translated)")
      return DemoExitStatus.failure
    }
    let dispatcher = ClickDispatcher(configuration: configuration(for: options))
    GtkClickGuard.dispatcher = dispatcher
    self.dispatcher = dispatcher
    do {
      try GtkClickGuard.start()
    } catch {
      Console.error(
        "\(Self.programName): \(Self.noDisplayMessage(error))\n\(Self.programName): "
          + localized("`make demo` runs a scripted showcase under Xvfb instead"))
      return DemoExitStatus.noDisplay
    }
    return -1
  }

  private func configuration(for options: DemoOptions) -> GuardConfiguration {
    var configuration = GuardConfiguration()
    if let interval = try? ClickInterval(milliseconds: options.intervalMs) {
      try? configuration.setInterval(interval)
    }
    configuration.mode = options.guardEnabled ? (options.observeOnly ? .observe : .enforce) : .off
    return configuration
  }

  private func activate() {
    if let demoWindow {
      gtk_window_present(demoWindow.window.cast())
      return
    }
    guard let log, let dispatcher else { return }
    do {
      let window = try DemoWindow(
        application: application, options: options, resources: resources, log: log, dispatcher: dispatcher,
        startMs: startMs
      ) { [weak self] sinceStart in self?.firstFrame(sinceProcessStart: sinceStart) }
      demoWindow = window
      log.record(.start(appID: Self.applicationID, pid: getpid(), resources: resources, options: options))
      window.show()
    } catch {
      Console.error("\(Self.programName): \(error)")
      exitStatus = error.status
      quitReason = "start-failed"
      g_application_quit(gApplication)
      return
    }
    MainLoop.onUnixSignal(SIGTERM) { [weak self] in self?.quit(reason: "SIGTERM") }
    MainLoop.onUnixSignal(SIGINT) { [weak self] in self?.quit(reason: "SIGINT") }
    MainLoop.onUnixSignal(SIGUSR1) { [weak self] in
      guard let self, let path = self.options.screenshot else { return }
      self.demoWindow?.screenshot(to: path)
    }
    // For drivers: where everything is now, which widget has the focus, and
    // each toggle's state, as another `layout` line.
    MainLoop.onUnixSignal(SIGUSR2) { [weak self] in self?.demoWindow?.logLayout(reason: "requested") }
  }

  private func firstFrame(sinceProcessStart: Double) {
    let sinceMain = ProcessClock.monotonicMs() - startMs
    // Without /proc, the time since main is the best measure available.
    let measured = sinceProcessStart >= 0 ? sinceProcessStart : sinceMain
    log?.record(.firstFrame(msSinceProcessStart: measured, msSinceMain: sinceMain))
    if options.quitAfterFirstFrame {
      Console.out("first-frame-ms \(Int(measured.rounded()))")
      quit(reason: "first-frame")
      return
    }
    // Let the first frame's idle work (layout, redraws) settle first.
    MainLoop.after(ms: 100) { [weak self] in
      guard let self else { return }
      self.demoWindow?.logLayout(reason: "startup")
      if let path = self.options.screenshot {
        MainLoop.after(ms: 250) { [weak self] in self?.demoWindow?.screenshot(to: path) }
      }
    }
  }

  private func quit(reason: String) {
    quitReason = reason
    g_application_quit(gApplication)
  }

  /// `error`, naming the display GTK's `--display` asked for, if any,
  /// rather than `$DISPLAY`.
  private static func noDisplayMessage(_ error: GtkStartError) -> String {
    guard let asked = gdk_get_display_arg_name() else { return error.description }
    return localized("cannot open a display (--display={display}); run under a desktop session or Xvfb (xvfb-run -a)")
      .filling(["display": String(cString: asked)])
  }
}
