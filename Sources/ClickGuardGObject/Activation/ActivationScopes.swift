import CGLib
import ClickGuard

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
package final class ActivationScopes {
  /// The open scopes, shallowest first: a nested loop's scope sits above
  /// the one whose handler runs it.
  private var open: [ActivationScope] = []
  private var isCloserAttached = false
  /// Runs at the start of every main-loop iteration, after the scopes it
  /// closes: the input a toolkit layer noted has been handled by then.
  package var iterationBegins: (@MainActor () -> Void)?

  package init() {}

  /// Adds `ticket` to the scope of the current main-loop level, opening one
  /// if needed.
  package func enter(_ ticket: ClickTicket, dispatcher: ClickDispatcher) {
    let depth = g_main_depth()
    if let scope = open.last, scope.depth == depth {
      scope.add(ticket)
      return
    }
    let scope = ActivationScope(depth: depth, dispatcher: dispatcher)
    scope.add(ticket)
    open.append(scope)
  }

  /// The scope of the activation being handled now, if it holds a ticket.
  package var current: ActivationScope? {
    open.last { $0.depth == g_main_depth() && !$0.isEmpty }
  }

  /// A main loop at `depth` starts an iteration: every scope opened deeper
  /// has returned to its level. Activations made outside any dispatch
  /// (depth 0: the app's own code before it runs the loop) are done too.
  fileprivate func mainLoopIterates(atDepth depth: Int32) {
    while let scope = open.last, scope.depth > depth || scope.depth == 0 {
      open.removeLast()
      scope.close()
    }
    iterationBegins?()
  }

  /// Attaches the closing source to the default main context. Idempotent.
  /// The source keeps an unretained pointer to these scopes after its
  /// GSource header; they live as long as the process's runtime.
  package func attachCloser() {
    guard !isCloserAttached else { return }
    isCloserAttached = true
    // GLib keeps the pointer for the source's lifetime: the process's.
    let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
    funcs.initialize(
      to: GSourceFuncs(
        prepare: closerPrepare, check: nil, dispatch: closerDispatch, finalize: nil, closure_callback: nil,
        closure_marshal: nil))
    let headerSize = MemoryLayout<GSource>.size
    let source = g_source_new(funcs, guint(headerSize + MemoryLayout<UnsafeMutableRawPointer>.size))!
    UnsafeMutableRawPointer(source).storeBytes(
      of: Unmanaged.passUnretained(self).toOpaque(), toByteOffset: headerSize, as: UnsafeMutableRawPointer.self)
    g_source_set_priority(source, G_PRIORITY_HIGH)
    g_source_set_name(source, "clickguard-scope-closer")
    g_source_attach(source, nil)
    g_source_unref(source)
  }

  /// The scopes whose closer `source` is.
  fileprivate nonisolated static func of(_ source: UnsafeMutablePointer<GSource>) -> ActivationScopes {
    let pointer = UnsafeMutableRawPointer(source).load(
      fromByteOffset: MemoryLayout<GSource>.size, as: UnsafeMutableRawPointer.self)
    return Unmanaged<ActivationScopes>.fromOpaque(pointer).takeUnretainedValue()
  }
}

private let closerPrepare: @convention(c) (UnsafeMutablePointer<GSource>?, UnsafeMutablePointer<gint>?) -> gboolean = {
  source, timeout in
  timeout?.pointee = -1
  guard let source else { return 0 }
  let closer = CallbackArgument(source)
  // The loop iterating now runs at the depth its prepare sees.
  let depth = g_main_depth()
  MainActor.assumeIsolated { ActivationScopes.of(closer.value).mainLoopIterates(atDepth: depth) }
  return 0
}

private let closerDispatch: @convention(c) (UnsafeMutablePointer<GSource>?, GSourceFunc?, gpointer?) -> gboolean = {
  _, _, _ in 1  // G_SOURCE_CONTINUE; never called: prepare never reports ready
}
