import ClickGuard

extension TicketHold {
  /// Keeps the gate of the activation being handled right now closed until
  /// the hold is released: for async work started from a handler ClickGuard
  /// did not connect (a plain `clicked` handler, a button's GAction).
  /// - Returns: `nil` outside an activation, or when the activation holds no
  ///   gate (it passed unjudged: exempt, skipped kind, the app's own code).
  public static func holdCurrentActivation() -> TicketHold? {
    GtkClickGuard.runtime.scopes.current?.hold()
  }
}
