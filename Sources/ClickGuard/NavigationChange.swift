/// A navigation that happened.
public struct NavigationChange: Hashable, Sendable {
  public let move: NavigationMove
  /// The page on top before.
  public let from: String
  /// The page on top after.
  public let to: String
  /// How many pages are on the stack after (the root counts as 1).
  public let depth: Int
}
