import ClickGuard

/// The accepted activations dispatched at one main-loop level, from their
/// acceptance until the handler that runs them returns to that level.
///
/// Closing a scope finishes its tickets, so the interval starts when **all**
/// of a click's work is done: the class handler, every ordinary handler, the
/// after-handlers (a GtkActionable button's GAction) and any lag they cause.
/// An async handler takes a ``TicketHold`` to keep the gates closed until its
/// work completes.
@MainActor
package final class ActivationScope {
  /// The main-loop depth (`g_main_depth()`) its activations were dispatched
  /// at; a nested loop inside their handler runs deeper and leaves it open.
  package let depth: Int32
  private let dispatcher: ClickDispatcher
  private var tickets: [ClickTicket] = []
  private var holds = 0
  private var isClosed = false

  package init(depth: Int32, dispatcher: ClickDispatcher) {
    self.depth = depth
    self.dispatcher = dispatcher
  }

  /// Adds an accepted activation's ticket.
  package func add(_ ticket: ClickTicket) {
    tickets.append(ticket)
  }

  /// Whether it has any ticket to keep open.
  package var isEmpty: Bool { tickets.isEmpty }

  /// The handler returned to the scope's level.
  package func close() {
    isClosed = true
    finishIfDone()
  }

  /// Keeps the tickets open until the hold is released.
  package func hold() -> TicketHold {
    holds += 1
    return TicketHold(scope: self)
  }

  /// One hold was released.
  package func release() {
    holds -= 1
    finishIfDone()
  }

  private func finishIfDone() {
    guard isClosed, holds == 0 else { return }
    for ticket in tickets { dispatcher.finish(ticket) }
    tickets.removeAll()
  }
}
