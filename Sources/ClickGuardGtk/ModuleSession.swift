import CGtk
import ClickGuard

/// What the GTK module runs while it is started: the decision log, the stall
/// after each accepted click and the periodic stall, as its settings ask.
@MainActor
final class ModuleSession {
  /// The settings it was started with.
  let settings: ModuleConfiguration
  private let dispatcher: ClickDispatcher
  private var log: DecisionLog?
  private var stallObserver: ObservationToken?
  private var periodicSource: guint = 0

  init(settings: ModuleConfiguration, dispatcher: ClickDispatcher) {
    self.settings = settings
    self.dispatcher = dispatcher
    switch settings.log {
    case .file(let name):
      do throws(DecisionLogError) {
        log = try DecisionLog(fileName: name)
      } catch {
        GtkModule.logMessage("\(ModuleConfiguration.logVariable): \(error); decisions are not logged")
      }
    case .standardError:
      log = DecisionLog()
    case nil:
      break
    }
    log?.start(dispatcher)  // before the stall observer: a line is written before its stall
    if settings.stallAfterClick > .zero {
      let stall = settings.stallAfterClick
      stallObserver = dispatcher.addObserver { decision in
        // Inside the click's emission, before the app's handlers: the
        // click's work is slow, and the interval starts after the stall.
        if case .accepted = decision.outcome { InjectedStall.block(for: stall) }
      }
    }
    if settings.periodicStall > .zero { schedulePeriodicStall() }
  }

  /// Stops the log and the stalls.
  func stop() {
    log?.stop()
    log = nil
    if let stallObserver { dispatcher.removeObserver(stallObserver) }
    stallObserver = nil
    if periodicSource != 0 { g_source_remove(periodicSource) }
    periodicSource = 0
  }

  /// Arms a one-shot timeout that stalls, then arms the next one: the app
  /// always runs for ``ModuleConfiguration/periodicEvery`` between stalls,
  /// however long a stall is.
  private func schedulePeriodicStall() {
    periodicSource = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint(settings.periodicEvery.milliseconds), periodicStallTimeout, nil, nil)
  }

  /// Stalls the main loop once, then arms the next stall.
  fileprivate func stallThenReschedule() {
    InjectedStall.block(for: settings.periodicStall)
    schedulePeriodicStall()
  }
}

/// The periodic stall's timeout.
private let periodicStallTimeout: @convention(c) (gpointer?) -> gboolean = { _ in
  MainActor.assumeIsolated { GuardRuntime.shared.module?.stallThenReschedule() }
  return 0  // G_SOURCE_REMOVE: the next one is armed
}
