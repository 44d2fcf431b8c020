import CGtk
import ClickGuardCounts
import ClickGuardGtk
import ClickGuardRules

/// What the GTK module runs while started: the fence's settings, the log,
/// the stalls, the widget rules and the ``ModuleSwitchWatch``.
@MainActor
final class ModuleSession {
  /// The settings in force, the rules file's part as last read.
  var settings: ModuleConfiguration
  let dispatcher: ClickDispatcher
  /// The rules file's watch, and the warnings last logged for it.
  var rulesWatch: RulesFileWatch?
  var lastRulesWarnings: [RulesFileWarning] = []
  private var log: DecisionLog?
  private var stallObserver: ObservationToken?
  /// The per-program counts of ignored clicks, for the settings window.
  private var counter: IgnoredClickCounter?
  private var periodicSource: UInt32 = 0
  /// Idles the module while the desktop's gtk-modules no longer lists it.
  private var switchWatch: ModuleSwitchWatch?

  init(settings: ModuleConfiguration, dispatcher: ClickDispatcher) {
    self.settings = settings
    self.dispatcher = dispatcher
    lastRulesWarnings = settings.rulesWarnings
    applyRules(of: settings)
    switch settings.log {
    case .file(let name):
      do throws(DecisionLogError) {
        log = try DecisionLog(fileName: name)
      } catch {
        GtkModule.logMessage(
          localized("{variable}: {error}; decisions are not logged").filling([
            "variable": ModuleConfiguration.logVariable, "error": error.description,
          ]))
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
        // Before the app's handlers, so the interval starts after the stall.
        if case .accepted = decision.outcome { InjectedStall.block(for: stall) }
      }
    }
    if settings.periodicStall > .zero { schedulePeriodicStall() }
    counter = IgnoredClickCounter(program: swiftString(g_get_prgname()) ?? "", dispatcher: dispatcher)
    switchWatch = ModuleSwitchWatch.arm { listed in
      if listed { GlobalGuard.install() } else { GlobalGuard.uninstall() }
      cg_log_debug(
        listed ? "gtk-modules lists clickguard again: guarding" : "gtk-modules no longer lists clickguard: idle")
    }
  }

  /// Puts in force the part of `new` a rules file can change, for widgets
  /// judged from now on (a widget keeps its first settings).
  func applyRules(of new: ModuleConfiguration) {
    settings.takeRules(of: new)
    dispatcher.configuration = settings.guardConfiguration
    GlobalGuard.fenceSettings = settings.fence
    GlobalGuard.ringsBellOnDrop = settings.feedback == .bell
    WidgetRuleResolver.uninstall()
    FenceRuleHandover.uninstall()
    WidgetRuleResolver.install(settings.rules)
    FenceRuleHandover.install(settings.rules)
  }

  func stop() {
    switchWatch?.stop()
    switchWatch = nil
    rulesWatch?.stop()
    rulesWatch = nil
    WidgetRuleResolver.uninstall()
    FenceRuleHandover.uninstall()
    GlobalGuard.ringsBellOnDrop = false
    log?.stop()
    log = nil
    counter?.stop()
    counter = nil
    if let stallObserver { dispatcher.removeObserver(stallObserver) }
    stallObserver = nil
    MainLoop.remove(periodicSource)
    periodicSource = 0
  }

  /// Arms a one-shot timeout that stalls, then arms the next one: the app
  /// always runs for ``ModuleConfiguration/periodicEvery`` between stalls.
  private func schedulePeriodicStall() {
    periodicSource = MainLoop.after(ms: Int(settings.periodicEvery.milliseconds)) { [weak self] in
      guard let self else { return }
      InjectedStall.block(for: self.settings.periodicStall)
      self.schedulePeriodicStall()
    }
  }
}
