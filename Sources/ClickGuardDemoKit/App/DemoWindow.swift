// DemoWindow: assembles the demo — the window from demo.ui, the pages, the
// StackNavigator, the handlers, the panel, the counters and the log — and
// reports decisions, navigations, the layout and the first frame.

import CGtk
import ClickGuard
import ClickGuardGObject
import ClickGuardGtk

/// The demo's window and everything in it.
@MainActor
final class DemoWindow {
  /// The GtkApplicationWindow.
  let window: WidgetPointer
  private let options: DemoOptions
  private let resources: String
  private let log: DemoLog
  private let dispatcher: ClickDispatcher
  private let builder: UIBuilder
  private let registry = ControlRegistry()
  private let lag: LagInjector
  private let home: HomePage
  private let navigator: StackNavigator
  private var detailsPages: [String: DetailsPage] = [:]
  private var flow: NavigationFlow!
  private var panel: ControlsPanel!
  private let counters: CountersView
  private let logView: LogView
  private let timeline: TimelineView
  private var sawFirstFrame = false
  private var layoutPending = false
  private let onFirstFrame: @MainActor (Double) -> Void

  /// Builds the window for `application`.
  /// - Parameter onFirstFrame: called once with the ms since process start
  ///   when the first frame is drawn.
  init(
    application: UnsafeMutablePointer<GtkApplication>, options: DemoOptions, resources: String, log: DemoLog,
    dispatcher: ClickDispatcher, startMs: Double, onFirstFrame: @escaping @MainActor (Double) -> Void
  ) throws(DemoStartError) {
    self.options = options
    self.resources = resources
    self.log = log
    self.dispatcher = dispatcher
    self.onFirstFrame = onFirstFrame
    try Self.loadCSS(resources + "/demo.css")
    builder = try UIBuilder(resources: resources, name: "demo.ui")
    window = try builder.widget("window")
    gtk_window_set_application(window.cast(), application)
    // The lag injector's input filter must run before the navigator's fence.
    lag = LagInjector(options: options, log: log)
    home = try HomePage(resources: resources)
    navigator = StackNavigator(
      root: DemoWidgets.homePage, page: home.root, title: localized("Home"), durationMs: UInt32(options.transitionMs))
    navigator.fenceSettings.isEnabled = options.fenceEnabled
    counters = CountersView(
      grid: try builder.widget("counters-grid"), historyLabel: try builder.widget("history-label"),
      fenceLabel: try builder.widget("fence-label"),
      controls: [
        DemoWidgets.openDetails, DemoWidgets.openDetailsUnguarded, DemoWidgets.openDetailsAction,
        DemoWidgets.notificationsSwitch, DemoWidgets.rememberCheck, DemoWidgets.detailsAction(page: "details"),
        DemoWidgets.detailsWishlist(page: "details"), DemoWidgets.back,
      ].map(\.name))
    logView = LogView(view: try builder.widget("log-view"), startMs: startMs)
    timeline = TimelineView(log: log, startMs: startMs)
    gtk_container_add(try builder.widget("timeline-slot").cast(), timeline.root)
    for (widget, named) in timeline.namedWidgets { registry.register(widget: widget, named) }
    try placeNavigator()
    registerHome()
    flow = NavigationFlow(navigator: navigator, lag: lag, log: log) { [weak self] page in
      self?.ensureDetailsPage(page) ?? false
    }
    _ = ensureDetailsPage(DemoWidgets.detailsPage)
    connectHome(application: application)
    panel = try ControlsPanel(
      builder: builder, options: options, dispatcher: dispatcher, navigator: navigator, lag: lag,
      registry: registry, log: log, titlebar: try builder.widget("titlebar"),
      onReset: { [weak self] in self?.counters.reset() })
    observe()
    counters.showStack(navigator.history.stack)
    Signal.connect(window.raw, "draw", after: true) { [weak self] _, _ in
      self?.frameDrawn()
      return 0
    }
  }

  /// Shows the window, with the keyboard focus on "Open details" (the
  /// page's primary action), where Space and Enter act.
  func show() {
    gtk_widget_show_all(window)
    gtk_widget_grab_focus(home.openDetails.widget)
  }

  /// Saves the window as PNG to `name` and logs it, then where the
  /// timeline in it drew its marks; a failure is also said on standard
  /// error, and the demo keeps running.
  func screenshot(to name: ByteString) {
    let (event, failure) = WindowCapture.save(window, to: name)
    log.record(event)
    if let failure {
      Console.error(
        "\(DemoApplication.programName): "
          + localized("warning: no screenshot saved: {error}; the demo keeps running").filling([
            "error": failure.translated
          ]))
    } else if let drawn = timeline.snapshot(reason: "screenshot", in: window) {
      log.record(drawn)
    }
  }

  /// Logs where every named widget is now.
  func logLayout(reason: String) {
    let pages =
      [LaidOutPage(name: DemoWidgets.homePage, accessibleName: accessibleName(of: home.root), title: "Home")]
      + detailsPages.values.sorted { $0.name < $1.name }.map {
        LaidOutPage(name: $0.name, accessibleName: accessibleName(of: $0.root), title: $0.title)
      }
    log.record(
      LayoutReporter.event(
        reason: reason, toplevel: window, topPage: navigator.top, widgets: registry.widgets, pages: pages))
  }

  private static func loadCSS(_ path: String) throws(DemoStartError) {
    let provider = gtk_css_provider_new()
    defer { g_object_unref(provider.map { UnsafeMutableRawPointer($0) }) }
    var error: UnsafeMutablePointer<GError>?
    if gtk_css_provider_load_from_path(provider, path, &error) == 0 {
      let message = messageTaking(&error)
      throw DemoStartError(localized("cannot load {file}: {message}").filling(["file": path, "message": message]))
    }
    gtk_style_context_add_provider_for_screen(
      gdk_screen_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }

  private func placeNavigator() throws(DemoStartError) {
    let slot = try builder.widget("navigator-slot")
    gtk_header_bar_set_show_close_button(navigator.headerBar.cast(), 0)
    gtk_button_set_label(navigator.backButton.widget.cast(), localized("Back"))
    gtk_style_context_add_class(gtk_widget_get_style_context(navigator.headerBar), "cg-navbar")
    gtk_style_context_add_class(gtk_widget_get_style_context(navigator.backButton.widget), "cg-small")
    gtk_widget_set_vexpand(navigator.stack, 1)
    gtk_container_add(slot.cast(), navigator.headerBar)
    gtk_container_add(slot.cast(), navigator.stack)
    setAccessibleName(navigator.stack, localized("Pages"))
    lag.triggerArea = [navigator.stack, navigator.headerBar]
  }

  private func registerHome() {
    registry.register(home.openDetails, DemoWidgets.openDetails)
    registry.register(home.openDetailsUnguarded, DemoWidgets.openDetailsUnguarded)
    registry.register(home.openDetailsAction, DemoWidgets.openDetailsAction)
    registry.register(home.notifications, DemoWidgets.notificationsSwitch)
    registry.register(home.remember, DemoWidgets.rememberCheck)
    registry.register(navigator.backButton, DemoWidgets.back)
  }

  private func connectHome(application: UnsafeMutablePointer<GtkApplication>) {
    home.openDetails.onClick { [weak self] in self?.flow.openDetails(from: DemoWidgets.openDetails.name) }
    home.openDetailsUnguarded.onClick { [weak self] in
      self?.flow.openDetails(from: DemoWidgets.openDetailsUnguarded.name)
    }
    let action = g_simple_action_new("open-details", nil)
    Signal.connect(
      UnsafeMutableRawPointer(action!), "activate",
      withArgument: { [weak self] _, _ in
        self?.flow.openDetails(from: DemoWidgets.openDetailsAction.name)
        return 0
      })
    g_action_map_add_action(OpaquePointer(application), action)
    g_object_unref(UnsafeMutableRawPointer(action!))
    home.notifications.onToggle { [weak self] active in
      self?.log.record(.toggle(control: DemoWidgets.notificationsSwitch.name, active: active))
    }
    home.remember.onToggle { [weak self] active in
      self?.log.record(.toggle(control: DemoWidgets.rememberCheck.name, active: active))
    }
  }

  /// Creates, registers and wires the details page `name` unless it exists.
  private func ensureDetailsPage(_ name: String) -> Bool {
    if detailsPages[name] != nil { return true }
    do {
      let page = try DetailsPage(resources: resources, name: name)
      try navigator.addPage(name, widget: page.root, title: page.localizedTitle)
      registry.register(
        page.action, name: page.actionName,
        accessibleName: DemoWidgets.detailsAction(page: name).localizedAccessibleName,
        area: name, tuneAs: DemoWidgets.detailsAction(page: DemoWidgets.detailsPage).name)
      page.action.onClick { [weak self, weak page] in
        guard let self, let page else { return }
        page.countAction()
        self.log.record(.action(control: page.actionName, does: "add-to-cart"))
      }
      let wishlist = DemoWidgets.detailsWishlist(page: name)
      registry.register(
        page.wishlist, name: wishlist.name, accessibleName: wishlist.localizedAccessibleName, area: name,
        tuneAs: DemoWidgets.detailsWishlist(page: DemoWidgets.detailsPage).name)
      page.wishlist.onClick { [weak self, weak page] in
        guard let self, let page else { return }
        page.countWishlist()
        self.log.record(.action(control: page.wishlistName, does: "add-to-wishlist"))
      }
      gtk_widget_show_all(page.root)
      detailsPages[name] = page
      return true
    } catch {
      Console.error(
        "\(DemoApplication.programName): "
          + localized("cannot build page '{page}': {error}").filling(["page": name, "error": "\(error)"]))
      return false
    }
  }

  private func observe() {
    log.addListener { [weak self] event, ms in
      self?.counters.record(event)
      self?.logView.append(event, at: ms)
    }
    dispatcher.addObserver { [weak self] decision in
      guard let self else { return }
      let activation = decision.activation
      self.log.record(
        .decision(
          control: self.registry.name(of: activation.control), action: activation.action.rawValue,
          kind: activation.kind.rawValue, outcome: decision.outcome.outcomeWord,
          reason: decision.outcome.reasonWord, gate: decision.gate?.description,
          source: activation.source.rawValue, eventTime: activation.eventTime?.milliseconds,
          runsAction: decision.runsAction))
    }
    dispatcher.addGateObserver { [weak self] transition in
      guard let self else { return }
      let nowMs = ProcessClock.monotonicMs()
      let clockNow = self.dispatcher.clock.now
      func ms(_ instant: ClickInstant) -> Double {
        let ago = instant.duration(to: clockNow).components
        return nowMs - Double(ago.seconds) * 1000 - Double(ago.attoseconds) / 1e15
      }
      self.log.record(
        .gate(
          control: self.registry.name(of: transition.control), transition: transition.kind.rawValue,
          intervalMs: Double(transition.interval.milliseconds), atMs: ms(transition.instant),
          untilMs: transition.until.map(ms)))
    }
    navigator.addObserver { [weak self] event in
      guard let self else { return }
      switch event {
      case .navigated(let change):
        let control = self.flow.requester ?? (change.move == .pop ? DemoWidgets.back.name : nil)
        self.log.record(
          .navigation(
            move: change.move.rawValue, from: change.from, to: change.to, depth: change.depth,
            stack: self.navigator.history.stack, control: control))
        self.counters.showStack(self.navigator.history.stack)
        self.scheduleLayoutWhenSettled()
      case .ignored(let rejection):
        self.log.record(
          .navigationRefused(
            reason: rejection.code, message: rejection.description, control: self.flow.requester,
            top: self.navigator.top))
        self.counters.showStack(self.navigator.history.stack)
      case .inputDropped(let page, let reason, let eventTime):
        self.log.record(.fenceDrop(page: page, reason: reason.rawValue, eventTime: eventTime?.milliseconds))
      }
    }
  }

  /// Logs a `page-shown` layout once the page's transition has finished.
  private func scheduleLayoutWhenSettled() {
    guard !layoutPending else { return }
    layoutPending = true
    MainLoop.every(ms: 30) { [weak self] in
      guard let self else { return false }
      if self.navigator.isTransitionRunning { return true }
      self.layoutPending = false
      MainLoop.idle { [weak self] in self?.logLayout(reason: "page-shown") }
      return false
    }
  }

  private func frameDrawn() {
    guard !sawFirstFrame else { return }
    sawFirstFrame = true
    let sinceStart = ProcessClock.msSinceProcessStart()
    onFirstFrame(sinceStart ?? -1)
  }
}
