/// A move through the pages.
public enum NavigationMove: String, Sendable, CaseIterable {
  /// A page pushed on top.
  case push
  /// The top page popped.
  case pop
  /// Everything above the root popped.
  case popToRoot = "pop-to-root"
  /// The top page replaced.
  case replace
}
