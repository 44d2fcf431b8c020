// LagInjector: the three lag shapes the demo can inject, each adjustable
// live — a main-loop stall (once on the next click, or periodic), a
// synchronous lag inside the navigation handler, and an async load delay —
// and whether the handler defers its page switch to a later main-loop turn.

import CGtk
import ClickGuard
import ClickGuardGtk

/// Injects lag into the running demo and logs every injection.
@MainActor
final class LagInjector {
  /// How long a stall blocks the main loop. A periodic stall is kept
  /// shorter than its period (``StallLimit``).
  var stallMs: Int
  /// Stall every this many ms; 0 stalls once, on the next click.
  var stallEveryMs: Int {
    didSet { if stallEveryMs != oldValue { restartPeriodicStall() } }
  }
  /// Synchronous sleep inside the navigation handler.
  var handlerLagMs: Int
  /// Simulated load before an async navigation.
  var asyncMs: Int
  /// Whether the navigation handler switches pages from an idle on a later
  /// main-loop turn (`g_idle_add`, default-idle priority) instead of at once.
  /// GTK then handles every input event already queued first — as in an app
  /// that navigates from an idle, a `Task` or a load callback — so clicks
  /// queued behind a stall or a slow handler still find "Open details".
  var navigateLater: Bool
  /// Whether the next press in the navigation area stalls (one-shot).
  private(set) var isArmed: Bool {
    didSet { if isArmed != oldValue { onArmedChange?(isArmed) } }
  }
  /// Told when the one-shot stall is armed or fires.
  var onArmedChange: (@MainActor (Bool) -> Void)?
  /// The area whose presses trigger the one-shot stall (the navigator's stack
  /// and navigation bar), set once they exist.
  var triggerArea: [WidgetPointer] = []

  private let log: DemoLog
  private var periodicSource: UInt32 = 0

  /// Creates the injector from the command-line options. Call it before the
  /// navigator exists, so the stall runs ahead of the spill-over fence.
  init(options: DemoOptions, log: DemoLog) {
    self.log = log
    stallMs = options.stallMs
    stallEveryMs = options.stallEveryMs
    handlerLagMs = options.handlerLagMs
    asyncMs = options.asyncMs
    navigateLater = options.navigateLater
    isArmed = options.stallMs > 0 && options.stallEveryMs == 0
    _ = InputFilter.add { [weak self] event in
      self?.inspect(event)
      return false
    }
    restartPeriodicStall()
  }

  /// Arms the one-shot stall for the next click in the navigation area.
  func arm() {
    isArmed = true
  }

  /// The handler lag: sleeps synchronously inside `control`'s handler.
  func applyHandlerLag(in control: String) {
    guard handlerLagMs > 0 else { return }
    log.record(.lag(kind: "handler", ms: handlerLagMs, trigger: control))
    block(kind: "handler", ms: handlerLagMs)
  }

  private func inspect(_ event: UnsafeMutablePointer<GdkEvent>) {
    guard isArmed, stallMs > 0, stallEveryMs == 0, gdk_event_get_event_type(event) == GDK_BUTTON_PRESS else { return }
    guard let target = gtk_get_event_widget(event) else { return }
    guard triggerArea.contains(where: { $0 == target || gtk_widget_is_ancestor(target, $0) != 0 }) else { return }
    isArmed = false
    stall(trigger: "next-click", ms: stallMs)
  }

  private func stall(trigger: String, ms: Int) {
    log.record(.lag(kind: "stall", ms: ms, trigger: trigger))
    block(kind: "stall", ms: ms)
  }

  /// Blocks the main loop for `ms`, all of it even when signals arrive
  /// meanwhile (``InjectedStall``), and logs how long it lasted.
  private func block(kind: String, ms: Int) {
    guard let length = try? ClickInterval(milliseconds: ms) else { return }
    let start = ProcessClock.monotonicMs()
    InjectedStall.block(for: length)
    log.record(.lagDone(kind: kind, ms: ms, lastedMs: ProcessClock.monotonicMs() - start))
  }

  private func restartPeriodicStall() {
    MainLoop.remove(periodicSource)
    periodicSource = 0
    guard stallEveryMs > 0 else { return }
    periodicSource = MainLoop.every(ms: stallEveryMs) { [weak self] in
      guard let self else { return false }
      // Never as long as the period: the loop would get no turn between.
      let ms = StallLimit.clamp(stallMs: self.stallMs, everyMs: self.stallEveryMs)
      if ms > 0 { self.stall(trigger: "periodic", ms: ms) }
      return true
    }
  }
}
