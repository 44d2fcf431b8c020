import ClickGuard

extension TicketHold {
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
