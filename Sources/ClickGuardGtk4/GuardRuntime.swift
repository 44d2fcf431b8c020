import CGtk4
import ClickGuard

/// ClickGuard's process-wide state on the GTK 4 side: the dispatcher,
/// whether every button is guarded, and the parts between GTK and the
/// dispatcher.
///
/// GTK belongs to the main thread, so C callbacks reach ``shared`` through
/// `MainActor.assumeIsolated`.
@MainActor
final class GuardRuntime {
  /// The process's runtime.
  static let shared = GuardRuntime()

  /// The dispatcher every wrapper and the global install use.
  var dispatcher = ClickDispatcher()
  /// Whether buttons nobody wrapped are judged too (``GlobalGuard``).
  var guardsEveryButton = false
  let scopes = ActivationScopes()
  /// How many widgets carry a ``WidgetGuardState`` now.
  var liveWidgetStates = 0

  private(set) lazy var input = InputTracker()
  private(set) lazy var judge = ActivationJudge(runtime: self)
  private(set) lazy var accelerators = AcceleratorFilter(runtime: self)
  private(set) lazy var fences = ContentFence(runtime: self)

  private var isPlumbingInstalled = false

  init() {}

  /// Puts ClickGuard between GTK and the app: GtkButton's `clicked` class
  /// handler, the input controllers on every window and popover, and the scope closer.
  /// Idempotent.
  func installPlumbing() {
    guard !isPlumbingInstalled else { return }
    isPlumbingInstalled = true
    input.watchWindowsAndPopovers()
    judge.install()
    scopes.iterationBegins = { [input] in input.iterationBegins() }
    scopes.attachCloser()
  }
}
