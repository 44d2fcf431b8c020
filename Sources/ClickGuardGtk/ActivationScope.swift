// ActivationScope: from an accepted activation until control returns to the
// main loop. When it closes, the accepted action is finished, unless an async
// handler holds it open.

import CGtk
import ClickGuard

/// The span of one accepted activation's whole emission: the class handler,
/// every ordinary handler, the after-handlers (a GtkActionable button's
/// GAction) and any lag they cause.
///
/// It opens when an activation is accepted and closes from a high-priority
/// idle, which GLib runs as soon as the main loop gets control back and
/// before the next input event is dispatched. Closing finishes the accepted
/// action's ticket, so the interval starts when **all** of the click's work is
/// done. An async handler takes a ``TicketHold`` to keep the gate closed until
/// its work completes.
@MainActor
final class ActivationScope {
  /// The scope open now, if any.
  private(set) static var current: ActivationScope?

  private let dispatcher: ClickDispatcher
  private var tickets: [ClickTicket] = []
  private var holds = 0
  private var isClosed = false

  private init(dispatcher: ClickDispatcher) {
    self.dispatcher = dispatcher
  }

  /// Opens a scope if none is open and adds `ticket` to it.
  static func enter(_ ticket: ClickTicket, dispatcher: ClickDispatcher) {
    let scope: ActivationScope
    if let current {
      scope = current
    } else {
      scope = ActivationScope(dispatcher: dispatcher)
      current = scope
      let box = Unmanaged.passRetained(scope).toOpaque()
      g_idle_add_full(
        G_PRIORITY_HIGH,
        { data in
          guard let data else { return 0 }
          let scope = Unmanaged<ActivationScope>.fromOpaque(data).takeUnretainedValue()
          MainActor.assumeIsolated { scope.close() }
          return 0  // G_SOURCE_REMOVE
        }, box,
        { data in
          guard let data else { return }
          Unmanaged<ActivationScope>.fromOpaque(data).release()
        })
    }
    scope.tickets.append(ticket)
  }

  /// Keeps the current scope's tickets open until the hold is released.
  static func hold() -> TicketHold? {
    guard let current, !current.tickets.isEmpty else { return nil }
    current.holds += 1
    return TicketHold(scope: current)
  }

  private func close() {
    if Self.current === self { Self.current = nil }
    isClosed = true
    finishIfDone()
  }

  fileprivate func release() {
    holds -= 1
    finishIfDone()
  }

  private func finishIfDone() {
    guard isClosed, holds == 0 else { return }
    for ticket in tickets { dispatcher.finish(ticket) }
    tickets.removeAll()
  }
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
