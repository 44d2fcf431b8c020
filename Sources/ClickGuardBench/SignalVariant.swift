/// The variants of the emission cost, each run in its own process.
enum SignalVariant: String, CaseIterable {
  /// Plain GTK, no ClickGuard code: a C handler (`g_signal_connect`).
  case plainC = "plain-c"
  /// Plain GTK, no guard: a Swift closure connected through ClickGuardGtk's
  /// binding layer (`Signal.connect`), the trampoline, box and main-actor
  /// entry `Button.onClick` uses, so the baseline pays what a guarded
  /// handler pays apart from the guard itself.
  case plainSwift = "plain-swift"
  /// `Button(label:)` with `onClick`.
  case wrapper
  /// `GlobalGuard.install()`, an unwrapped GtkButton, the C handler.
  case global
  /// ClickGuard's plumbing installed (as when a wrapper exists somewhere in
  /// the process) but this unwrapped button not routed: what non-guarded
  /// buttons pay.
  case unrouted
  /// Plain GTK and the C handler with only `MainLoopBridge` installed: what
  /// `await` support in GTK handlers costs by itself.
  case bridge
  /// Plain GTK and the `plain-swift` handler, whose body calls the core
  /// itself (`ClickDispatcher.run`: a decision, the action, a finish): a
  /// judged click without anything the GTK layer adds.
  case inHandler = "in-handler"
}
