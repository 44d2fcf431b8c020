import CGtk
import ClickGuardCounts
import ClickGuardGtk
import ClickGuardRules

/// What the GTK module runs while it is started: the fresh-content fence's
/// settings, the decision log, the stall after each accepted click, the
/// periodic stall and the rules per widget, as its settings ask; and, when
/// the desktop's gtk-modules loaded it, the watch that idles it while that
/// setting no longer lists it (``ModuleSwitchWatch``).
@MainActor
final class ModuleSession {
  /// The settings in force: those it was started with, the rules file's
  /// part as last read (``followRules(at:program:environment:)``).
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
    counter = IgnoredClickCounter(program: swiftString(g_get_prgname()) ?? "", dispatcher: dispatcher)
    switchWatch = ModuleSwitchWatch.arm { listed in
      if listed { GlobalGuard.install() } else { GlobalGuard.uninstall() }
      cg_log_debug(
        listed ? "gtk-modules lists clickguard again: guarding" : "gtk-modules no longer lists clickguard: idle")
    }
  }

  /// Takes the part of `new` a rules file can change as the settings in
  /// force and puts it in force: the dispatcher's settings, the fence's, the
  /// drop feedback and the widget rules for widgets judged from now on (a
  /// widget keeps the settings it got at its first judgment). At start, and
  /// again each time the rules file changes.
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

  /// Stops the log, the stalls and the rules.
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
