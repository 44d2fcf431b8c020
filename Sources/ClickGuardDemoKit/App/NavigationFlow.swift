// NavigationFlow: the demo's naive "open details" handler, shared by the
// guarded button, its unguarded twin and the GAction. Like a typical app it
// pushes a new details page on every call; the guard, not the handler, is
// what stops the duplicates. Handler lag, async delay and the deferred page
// switch (--navigate-later) are injected here.

import CGtk
import ClickGuard
import ClickGuardGtk

/// Opens details pages on behalf of controls, with the injected lag.
@MainActor
final class NavigationFlow {
  private let navigator: StackNavigator
  private let lag: LagInjector
  private let log: DemoLog
  private let makePage: @MainActor (String) -> Bool
  /// The control whose handler is navigating right now (for log lines).
  private(set) var requester: String?

  /// - Parameter makePage: creates and registers the details page with that
  ///   name if it does not exist yet; returns whether it exists now.
  init(navigator: StackNavigator, lag: LagInjector, log: DemoLog, makePage: @escaping @MainActor (String) -> Bool) {
    self.navigator = navigator
    self.lag = lag
    self.log = log
    self.makePage = makePage
  }

  /// The handler: runs on every activation let through.
  func openDetails(from control: String) {
    log.record(.action(control: control, does: "navigate"))
    lag.applyHandlerLag(in: control)
    let delay = lag.asyncMs
    guard delay > 0 else {
      if lag.navigateLater {
        MainLoop.idle { [weak self] in self?.push(from: control) }
      } else {
        push(from: control)
      }
      return
    }
    // The gate of the click stays closed until the load is done.
    let hold = TicketHold.holdCurrentActivation()
    log.record(.lag(kind: "async", ms: delay, trigger: control))
    Task { @MainActor [weak self] in
      try? await Task.sleep(for: .milliseconds(delay))
      self?.push(from: control)
      hold?.release()
    }
  }

  /// Pushes a new details page on top, the way a naive app does: a fresh
  /// page whatever is on top already.
  private func push(from control: String) {
    let stack = navigator.history.stack
    var index = 1
    while stack.contains(DemoWidgets.detailsPageName(index)) { index += 1 }
    let page = DemoWidgets.detailsPageName(index)
    guard makePage(page) else { return }
    requester = control
    defer { requester = nil }
    navigator.push(page)
  }
}
