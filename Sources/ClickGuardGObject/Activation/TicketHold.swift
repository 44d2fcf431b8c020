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

  package init(scope: ActivationScope) {
    self.scope = scope
  }

  /// The work is done: the gate's interval starts now.
  public func release() {
    scope?.release()
    scope = nil
  }
}
