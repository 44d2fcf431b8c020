/// A navigation that was refused, and why: expected (a repeated click, a click
/// during a transition), so counted and reported, never thrown at the app.
public enum NavigationRejection: Error, Hashable, Sendable, CustomStringConvertible {
  /// The page is already on top: a repeated push.
  case alreadyOnTop(String)
  /// A transition is running: a push made while the previous one animates.
  case transitionRunning(String)
  /// No page has that name.
  case unknownPage(String, known: [String])
  /// Nothing to pop: the root is on top.
  case atRoot

  public var description: String {
    switch self {
    case .alreadyOnTop(let page): "'\(page)' is already on top"
    case .transitionRunning(let page): "a transition is running; push of '\(page)' ignored"
    case .unknownPage(let page, let known):
      "no page named '\(page)' (known: \(known.sorted().joined(separator: ", ")))"
    case .atRoot: "the root page is on top; nothing to pop"
    }
  }

  /// A short stable name for logs.
  public var code: String {
    switch self {
    case .alreadyOnTop: "already-on-top"
    case .transitionRunning: "transition-running"
    case .unknownPage: "unknown-page"
    case .atRoot: "at-root"
    }
  }
}
