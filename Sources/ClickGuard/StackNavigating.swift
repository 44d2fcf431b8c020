/// A navigator over a stack of named pages, whichever toolkit shows them:
/// each GTK layer's `StackNavigator`. The moves below are the same calls on
/// every layer, so app code that navigates can be written once.
@MainActor
public protocol StackNavigating: AnyObject {
  /// The stack of pages, known pages and counters.
  var history: NavigationHistory { get }
  /// Performs `request`; a refusal (a repeated push, a push during a
  /// transition, a pop on the root) is a reported no-op, never an error.
  @discardableResult
  func navigate(_ request: NavigationRequest) -> Result<NavigationChange, NavigationRejection>
}

extension StackNavigating {
  /// The page on top.
  public var top: String { history.top }

  /// Pushes `page`; a reported no-op when it is on top, unknown, or a transition runs.
  @discardableResult
  public func push(_ page: String) -> Result<NavigationChange, NavigationRejection> {
    navigate(.push(page))
  }

  /// Pops the top page; a no-op (reported) on the root.
  @discardableResult
  public func pop() -> Result<NavigationChange, NavigationRejection> {
    navigate(.pop)
  }

  /// Pops to the root page; a no-op (reported) on the root.
  @discardableResult
  public func popToRoot() -> Result<NavigationChange, NavigationRejection> {
    navigate(.popToRoot)
  }

  /// Replaces the top page with `page`.
  @discardableResult
  public func replace(with page: String) -> Result<NavigationChange, NavigationRejection> {
    navigate(.replace(page))
  }
}

/// A move a navigator is asked for.
public enum NavigationRequest: Hashable, Sendable {
  /// Push the page named so.
  case push(String)
  /// Replace the top page with the page named so.
  case replace(String)
  /// Pop the top page.
  case pop
  /// Pop every page above the root.
  case popToRoot
}
