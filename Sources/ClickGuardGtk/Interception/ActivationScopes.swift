import CGtk
import ClickGuard
import Synchronization

/// The open ``ActivationScope``s, one per main-loop level that has accepted
/// activations running, and the main-loop source that closes them.
///
/// A scope closes when the main loop that dispatched its activations starts
/// its next iteration: a GSource at `G_PRIORITY_HIGH` does that in `prepare`,
/// which GLib calls at the start of every iteration, before anything else is
/// polled or dispatched. `g_main_depth()` tells the levels apart: a nested
/// loop in a handler (`gtk_dialog_run`, a `gtk_main_iteration()` pump)
/// iterates one level deeper, so the handler's own activation stays busy
/// until the handler returns.
@MainActor
final class ActivationScopes {
  /// The deepest open scope. Each open scope holds the one it was opened
  /// inside (``ActivationScope/outer``), so the open scopes are a stack
  /// from here to the shallowest, pushed and popped without an array's
  /// generic code on the path every accepted click waits for.
  private var innermost: ActivationScope? {
    didSet { Self.anyOpen.store(innermost != nil, ordering: .relaxed) }
  }
  /// Whether any scope is open, read by the closing source's `prepare`
  /// before it enters the main actor: most iterations have nothing to
  /// close, and the source runs at the start of every one, in every app
  /// the module is loaded into.
  nonisolated static let anyOpen = Atomic<Bool>(false)
  /// The last scope that closed and finished, kept for the next one: a
  /// click then allocates nothing on the path its action waits for.
  private var spare: ActivationScope?
  private var isCloserAttached = false

  /// Adds `ticket` to the scope of the current main-loop level, opening one
  /// if needed.
  func enter(_ ticket: ClickTicket, dispatcher: ClickDispatcher) {
    let depth = g_main_depth()
    if let scope = innermost, scope.depth == depth {
      scope.add(ticket)
      return
    }
    let scope: ActivationScope
    if let spare {
      self.spare = nil
      spare.reopen(atDepth: depth, dispatcher: dispatcher)
      scope = spare
    } else {
      scope = ActivationScope(depth: depth, dispatcher: dispatcher)
    }
    scope.add(ticket)
    scope.outer = innermost
    innermost = scope
  }

  /// The scope of the activation being handled now, if it holds a ticket.
  var current: ActivationScope? {
    var scope = innermost
    while let open = scope {
      if open.depth == g_main_depth(), !open.isEmpty { return open }
      scope = open.outer
    }
    return nil
  }

  /// A main loop at `depth` starts an iteration: every scope opened deeper
  /// has returned to its level. Activations made outside any dispatch
  /// (depth 0: the app's own code before it runs the loop) are done too.
  fileprivate func mainLoopIterates(atDepth depth: Int32) {
    while let scope = innermost, scope.depth > depth || scope.depth == 0 {
      innermost = scope.outer
      scope.outer = nil
      scope.close()
      if scope.isFinished { spare = scope }
    }
  }

  /// Attaches the closing source to the default main context. Idempotent.
  func attachCloser() {
    guard !isCloserAttached else { return }
    isCloserAttached = true
    // GLib keeps the pointer for the source's lifetime: the process's.
    let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
    funcs.initialize(
      to: GSourceFuncs(
        prepare: closerPrepare, check: nil, dispatch: closerDispatch, finalize: nil, closure_callback: nil,
        closure_marshal: nil))
    let source = g_source_new(funcs, guint(MemoryLayout<GSource>.size))
    g_source_set_priority(source, G_PRIORITY_HIGH)
    g_source_set_name(source, "clickguard-scope-closer")
    g_source_attach(source, nil)
    g_source_unref(source)
  }
}

private let closerPrepare: @convention(c) (UnsafeMutablePointer<GSource>?, UnsafeMutablePointer<gint>?) -> gboolean = {
  _, timeout in
  timeout?.pointee = -1
  guard ActivationScopes.anyOpen.load(ordering: .relaxed) else { return 0 }
  // The loop iterating now runs at the depth its prepare sees.
  let depth = g_main_depth()
  MainActor.assumeIsolated { GuardRuntime.shared.scopes.mainLoopIterates(atDepth: depth) }
  return 0
}

private let closerDispatch: @convention(c) (UnsafeMutablePointer<GSource>?, GSourceFunc?, gpointer?) -> gboolean = {
  _, _, _ in 1  // G_SOURCE_CONTINUE; never called: prepare never reports ready
}
