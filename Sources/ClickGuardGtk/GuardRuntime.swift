import CGtk
import ClickGuard

/// ClickGuard's process-wide state on the GTK side: the dispatcher, whether
/// every button is guarded, and the parts between GTK and the dispatcher.
///
/// GTK belongs to the main thread, so C callbacks reach ``shared`` through
/// `MainActor.assumeIsolated`.
@MainActor
final class GuardRuntime {
  /// The process's runtime.
  static let shared = GuardRuntime()

  /// The dispatcher every wrapper, the global install and the navigator use.
  var dispatcher = ClickDispatcher()
  /// Whether buttons nobody wrapped are judged too (``GlobalGuard``).
  var guardsEveryButton = false
  /// Whether a dropped activation rings the error bell (``GlobalGuard/ringsBellOnDrop``).
  var ringsBellOnDrop = false
  /// Filters that may consume input before GTK sees it.
  let inputFilters = ObserverList<@MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool>()
  let scopes = ActivationScopes()
  let classSetups = ClassSetupQueue()
  /// How many widgets carry a ``WidgetGuardState`` of this runtime now.
  var liveWidgetStates = 0

  // These read the runtime's live state (a replaced dispatcher, the global
  // install switched), so each is built with the runtime.

  private(set) lazy var input = InputTracker(runtime: self)
  private(set) lazy var judge = ActivationJudge(runtime: self)
  private(set) lazy var paths = ActivationPaths(runtime: self)
  private(set) lazy var doubleClicks = ViewDoubleClicks(runtime: self)
  private(set) lazy var keyActivations = KeyActivationFilter(runtime: self)
  private(set) lazy var fences = ContentFence(runtime: self)
  /// The controls' busy feedback, driven by the dispatcher's gate transitions.
  private(set) lazy var busyWatch = BusyFeedbackWatch(runtime: self)

  private var isPlumbingInstalled = false

  /// A runtime of its own: the process's is ``shared``; tests make others.
  init() {}

  /// Which copy of the GTK layer guards the process (an app linking
  /// ClickGuardGtk and the GTK module may hold two): the first to claim it;
  /// two would override the same class handlers and judge every click twice.
  private static let ownerQuark = g_quark_from_string("clickguard-gtk-layer")

  /// This copy's token: the address of its runtime.
  private var token: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Claims the process unless another copy has; returns whether this copy guards it.
  @discardableResult
  func claimProcess() -> Bool {
    let owner = g_type_get_qdata(gtk_widget_get_type(), Self.ownerQuark)
    if owner == nil { g_type_set_qdata(gtk_widget_get_type(), Self.ownerQuark, token) }
    return owner == nil || owner == token
  }

  /// The quark named `name` for this copy alone: qdata one copy attaches
  /// (a Swift object of its own) is never seen by another copy.
  nonisolated static func quark(_ name: String) -> GQuark {
    // The token as a number: a pointer would interpolate through dynamic casts.
    MainActor.assumeIsolated { g_quark_from_string("\(name)@\(UInt(bitPattern: shared.token))") }
  }

  /// Puts ClickGuard between GTK and the app: class handler overrides and
  /// hooks, the event handler in front of GTK's, the fence and the scope
  /// closer (not ``MainLoopBridge``: the module runs no Swift tasks).
  /// Idempotent; does nothing when another copy claimed the process.
  /// - Returns: whether this copy's plumbing is in place.
  @discardableResult
  func installPlumbing() -> Bool {
    guard !isPlumbingInstalled else { return true }
    guard claimProcess() else { return false }
    isPlumbingInstalled = true
    gdk_event_handler_set(inputEventHandler, nil, nil)
    fences.install()
    paths.install(when: classSetups)
    doubleClicks.install(when: classSetups)
    scopes.attachCloser()
    return true
  }

  /// Every GDK event before GTK: noted by the tracker, then offered to the
  /// fence, the filters and the key judge, any of which may consume it.
  fileprivate func dispatch(_ event: UnsafeMutablePointer<GdkEvent>) {
    input.dispatch(event) {
      if fences.drops(event) { return }
      if !inputFilters.isEmpty {
        for filter in inputFilters.observers where filter(event) { return }
      }
      if keyActivations.drops(event) { return }
      gtk_main_do_event(event)
    }
  }
}

/// GDK's event handler: every event of the process passes here first.
private let inputEventHandler: @convention(c) (UnsafeMutablePointer<GdkEvent>?, gpointer?) -> Void = { event, _ in
  guard let event else { return }
  // GDK dispatches on the main thread.
  let argument = CallbackArgument(event)
  MainActor.assumeIsolated { GuardRuntime.shared.dispatch(argument.value) }
}
