import CGtk
import ClickGuard

/// ClickGuard's process-wide state on the GTK side, in one place: the
/// dispatcher every widget is judged by, whether every button is guarded,
/// and the parts that sit between GTK and the dispatcher.
///
/// GTK belongs to one thread, so this lives on the main actor. C callbacks
/// reach it through ``shared`` after entering the main actor with
/// `MainActor.assumeIsolated`.
@MainActor
final class GuardRuntime {
  /// The process's runtime.
  static let shared = GuardRuntime()

  /// The dispatcher every wrapper, the global install and the navigator use.
  var dispatcher = ClickDispatcher()
  /// Whether buttons nobody wrapped are judged too (``GlobalGuard``).
  var guardsEveryButton = false
  /// Whether a dropped activation rings its widget's error bell
  /// (``GlobalGuard/ringsBellOnDrop``).
  var ringsBellOnDrop = false
  /// The filters that may consume input before GTK sees it.
  let inputFilters = ObserverList<@MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool>()
  /// The accepted activations whose actions are still running.
  let scopes = ActivationScopes()
  /// The class setups waiting for GTK to initialise their classes.
  let classSetups = ClassSetupQueue()
  /// How many widgets carry a ``WidgetGuardState`` of this runtime now.
  var liveWidgetStates = 0

  // The parts below read the runtime's live state (the dispatcher can be
  // replaced, the global install switched on and off), so each is built
  // with the runtime that owns it.

  /// Where input events stand: key-down times, the last pointer release.
  private(set) lazy var input = InputTracker(runtime: self)
  /// Judges activations for every path: which widgets are judged, by the
  /// dispatcher, with the bell.
  private(set) lazy var judge = ActivationJudge(runtime: self)
  /// The activation paths judged in overridden class handlers.
  private(set) lazy var paths = ActivationPaths(runtime: self)
  /// Tree view and icon view double-clicks.
  private(set) lazy var doubleClicks = ViewDoubleClicks(runtime: self)
  /// The judge of key presses that activate an entry or an accelerator.
  private(set) lazy var keyActivations = KeyActivationFilter(runtime: self)
  /// The fence that keeps input made before content appeared off it.
  private(set) lazy var fences = ContentFence(runtime: self)
  /// The controls' busy feedback, driven by the dispatcher's gate transitions.
  private(set) lazy var busyWatch = BusyFeedbackWatch(runtime: self)

  private var isPlumbingInstalled = false

  /// A runtime of its own: the process's is ``shared``; tests make others.
  init() {}

  /// Which copy of ClickGuard's GTK layer guards this process: the first to
  /// claim it. A process can hold two (an app built with ClickGuardGtk, and
  /// the GTK module with its own copy linked in); two would override the
  /// same class handlers (GLib refuses the second and warns) and judge
  /// every click twice. The other copy stays idle.
  private static let ownerQuark = g_quark_from_string("clickguard-gtk-layer")

  /// This copy's token: the address of its runtime.
  private var token: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Claims the process for this copy unless another copy has.
  /// - Returns: whether this copy guards the process.
  @discardableResult
  func claimProcess() -> Bool {
    let owner = g_type_get_qdata(gtk_widget_get_type(), Self.ownerQuark)
    if owner == nil { g_type_set_qdata(gtk_widget_get_type(), Self.ownerQuark, token) }
    return owner == nil || owner == token
  }

  /// The quark named `name` for this copy alone: qdata one copy attaches
  /// (a Swift object of its own) is never seen by another copy.
  nonisolated static func quark(_ name: String) -> GQuark {
    // The token as a number: interpolating the pointer itself would go
    // through `String(describing:)` and its dynamic casts.
    MainActor.assumeIsolated { g_quark_from_string("\(name)@\(UInt(bitPattern: shared.token))") }
  }

  /// Puts ClickGuard between GTK and the app: the activation paths' class
  /// handler overrides and hooks and the double-click brackets (each once
  /// GTK has initialised its class), the event handler
  /// in front of GTK's, the fresh-content fence's map hook and the scope
  /// closer. Not the bridge that runs Swift's main queue: the GTK module
  /// runs no Swift tasks, and what does installs it (``MainLoopBridge``).
  /// Idempotent. Does nothing when another copy of the GTK layer guards
  /// the process (``claimProcess()``).
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

  /// Sees every GDK event before GTK dispatches it: the tracker notes it
  /// and makes it the event activations are attributed to while it is
  /// handled; then the fresh-content fence may drop it, then each filter
  /// may consume it, then a key press that activates an entry or an
  /// accelerator is judged (a drop consumes it), else GTK gets it.
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
  // GDK dispatches events on GTK's thread, the main one.
  let argument = CallbackArgument(event)
  MainActor.assumeIsolated { GuardRuntime.shared.dispatch(argument.value) }
}
