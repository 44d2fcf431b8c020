/// Keeps an accepted activation's gate closed until ``release()``: for async
/// work that outlives its handler. Releasing twice is harmless; a hold never
/// released is bounded by the maximum busy time.
///
/// ```swift
/// let hold = TicketHold.holdCurrentActivation()
/// Task { @MainActor in await load(); navigator.push("details"); hold?.release() }
/// ```
@MainActor
public final class TicketHold {
  private var scope: ActivationScope?

  init(scope: ActivationScope) {
    self.scope = scope
  }

  /// The work is done: the gate's interval starts now.
  public func release() {
    scope?.release()
    scope = nil
  }

  /// Keeps the gate of the activation being handled right now closed until
  /// the hold is released: for async work started from a handler ClickGuard
  /// did not connect, such as a GtkActionable button's GAction or a plain
  /// `clicked` handler.
  /// - Returns: `nil` outside an activation, or when the activation holds no
  ///   gate (it passed unjudged: guard off, exempt, skipped kind).
  public static func holdCurrentActivation() -> TicketHold? {
    GtkClickGuard.runtime.scopes.current?.hold()
  }
}
