// ActivationScope: from an accepted activation until control returns to the
// main loop. When it closes, the accepted action is finished, unless an async
// handler holds it open.

import CGtk
import ClickGuard

/// The span of one accepted activation's whole emission: the class handler,
/// every ordinary handler, the after-handlers (a GtkActionable button's
/// GAction) and any lag they cause.
///
/// It opens when an activation is accepted and closes as soon as the main
/// loop gets control back, before the next input event is dispatched (see
/// ``ScopeCloser``). Closing finishes the accepted
/// action's ticket, so the interval starts when **all** of the click's work is
/// done. An async handler takes a ``TicketHold`` to keep the gate closed until
/// its work completes.
@MainActor
final class ActivationScope {
  /// The scope open now, if any.
  private(set) static var current: ActivationScope?
  /// A finished scope nobody references, kept for the next click: no
  /// allocation per accepted click.
  private static var spare: ActivationScope?

  private var dispatcher: ClickDispatcher
  /// The first accepted ticket and the widget state keeping its gate (`nil`
  /// for a group's gate); the scope keeps the state alive until it is
  /// finished, even when the widget goes first. Nearly every scope holds one
  /// ticket: it is kept inline, any more in `more`.
  private var first: (ticket: ClickTicket, owner: WidgetGuardState?)?
  private var more: [(ticket: ClickTicket, owner: WidgetGuardState?)] = []
  private var holds = 0
  private var isClosed = false

  private init(dispatcher: ClickDispatcher) {
    self.dispatcher = dispatcher
  }

  /// Opens a scope if none is open and adds `ticket`, judged on a gate
  /// `owner` keeps (or on one of the dispatcher's), to it.
  static func enter(_ ticket: ClickTicket, owner: WidgetGuardState?, dispatcher: ClickDispatcher) {
    if current == nil {
      ScopeCloser.attach()
      if let scope = spare {
        spare = nil
        scope.dispatcher = dispatcher
        scope.isClosed = false
        current = scope
      } else {
        current = ActivationScope(dispatcher: dispatcher)
      }
    }
    guard let scope = current else { return }
    if scope.first == nil {
      scope.first = (ticket, owner)
    } else {
      scope.more.append((ticket, owner))
    }
  }

  /// Closes the open scope: the main loop has control back.
  static func closeCurrent() {
    guard let scope = current else { return }
    current = nil
    scope.isClosed = true
    scope.finishIfDone()
  }

  /// Keeps the current scope's tickets open until the hold is released.
  static func hold() -> TicketHold? {
    guard let current, current.first != nil else { return nil }
    current.holds += 1
    return TicketHold(scope: current)
  }

  private func finish(_ ticket: ClickTicket, _ owner: WidgetGuardState?) {
    if let owner { dispatcher.finish(ticket, gateOwner: owner) } else { dispatcher.finish(ticket) }
  }

  fileprivate func release() {
    holds -= 1
    finishIfDone()
  }

  private func finishIfDone() {
    guard isClosed, holds == 0 else { return }
    if let (ticket, owner) = first {
      first = nil
      finish(ticket, owner)
    }
    if !more.isEmpty {
      for (ticket, owner) in more { finish(ticket, owner) }
      more.removeAll(keepingCapacity: true)
    }
    // Closed with every hold released: no TicketHold refers to it any more.
    Self.spare = self
  }
}

/// Closes the open ``ActivationScope`` as soon as the main loop gets control
/// back: a GSource that stays attached at `G_PRIORITY_HIGH` and does its work
/// in `prepare`, which GLib calls at the start of every main-loop iteration,
/// before it polls or dispatches anything else. No allocation and no extra
/// iteration per click, unlike an idle per scope.
@MainActor
enum ScopeCloser {
  private static var isAttached = false

  /// Attaches the source to the default main context. Idempotent.
  static func attach() {
    guard !isAttached else { return }
    isAttached = true
    // GLib keeps the pointer for the source's lifetime: the process's.
    let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
    funcs.initialize(
      to: GSourceFuncs(
        prepare: scopeCloserPrepare, check: nil, dispatch: scopeCloserDispatch, finalize: nil,
        closure_callback: nil, closure_marshal: nil))
    let source = g_source_new(funcs, guint(MemoryLayout<GSource>.size))
    g_source_set_priority(source, G_PRIORITY_HIGH)
    g_source_set_name(source, "clickguard-scope-closer")
    g_source_attach(source, nil)
    g_source_unref(source)
  }
}

// The closer's callbacks, outside the main actor: a closure written inside
// `attach()` would be main-actor isolated, and Swift checks such a closure's
// executor at run time each time C calls it (every main-loop iteration here);
// `MainThread` enters the main actor instead.
private let scopeCloserPrepare:
  @convention(c) (UnsafeMutablePointer<GSource>?, UnsafeMutablePointer<gint>?) -> gboolean = {
    _, timeout in
    timeout?.pointee = -1
    MainThread.run(ActivationScope.closeCurrent)
    return 0
  }

private let scopeCloserDispatch: @convention(c) (UnsafeMutablePointer<GSource>?, GSourceFunc?, gpointer?) -> gboolean =
  {
    _, _, _ in 1  // G_SOURCE_CONTINUE; never called: prepare never reports ready
  }

/// Keeps an accepted action's gate closed until ``release()``: taken by async
/// handlers. Releasing twice is harmless; a hold never released is bounded by
/// the maximum busy time.
@MainActor
public final class TicketHold {
  private var scope: ActivationScope?

  fileprivate init(scope: ActivationScope) {
    self.scope = scope
  }

  /// The work is done: the gate's interval starts now.
  public func release() {
    scope?.release()
    scope = nil
  }
}

extension TicketHold {
  /// Keeps the gate of the activation being handled right now closed until
  /// the hold is released: for async work started from a handler that
  /// ClickGuard did not connect, such as a GtkActionable button's GAction
  /// `activate` handler or a plain `clicked` handler.
  ///
  /// ```swift
  /// let hold = TicketHold.holdCurrentActivation()
  /// Task { @MainActor in await load(); push("details"); hold?.release() }
  /// ```
  /// - Returns: `nil` outside an activation, or when the activation holds no
  ///   gate (it passed unjudged: guard off, exempt, skipped kind).
  public static func holdCurrentActivation() -> TicketHold? {
    ActivationScope.hold()
  }
}
