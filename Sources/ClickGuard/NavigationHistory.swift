/// The history of a page stack: its pages, the visited ones, and every move and refusal counted.
public struct NavigationHistory: Sendable {
  /// The pages on the stack, root first.
  public private(set) var stack: [String]
  /// Every page that can be shown.
  public private(set) var pages: Set<String>
  /// Moves done, by move.
  public private(set) var moves: [NavigationMove: Int] = [:]
  /// Refusals, by ``NavigationRejection/code``.
  public private(set) var rejections: [String: Int] = [:]

  public init(root: String) {
    stack = [root]
    pages = [root]
  }

  public var top: String { stack[stack.count - 1] }

  /// How many pages are on the stack (the root counts as 1).
  public var depth: Int { stack.count }

  /// Makes `page` known. Returns `false` if it already was.
  @discardableResult
  public mutating func register(_ page: String) -> Bool {
    pages.insert(page).inserted
  }

  /// Pushes `page` unless it is on top already, unknown, or a transition runs.
  public mutating func push(_ page: String, transitionRunning: Bool = false) -> Result<
    NavigationChange, NavigationRejection
  > {
    if let rejection = checkTarget(page, transitionRunning: transitionRunning) { return reject(rejection) }
    let from = top
    stack.append(page)
    return done(.push, from: from)
  }

  /// Replaces the top page with `page` (on a one-page stack, the new root).
  public mutating func replace(with page: String, transitionRunning: Bool = false) -> Result<
    NavigationChange, NavigationRejection
  > {
    if let rejection = checkTarget(page, transitionRunning: transitionRunning) { return reject(rejection) }
    let from = top
    stack[stack.count - 1] = page
    return done(.replace, from: from)
  }

  /// Pops the top page unless the root is on top.
  public mutating func pop() -> Result<NavigationChange, NavigationRejection> {
    guard stack.count > 1 else { return reject(.atRoot) }
    let from = stack.removeLast()
    return done(.pop, from: from)
  }

  /// Pops every page above the root unless the root is on top.
  public mutating func popToRoot() -> Result<NavigationChange, NavigationRejection> {
    guard stack.count > 1 else { return reject(.atRoot) }
    let from = top
    stack.removeSubrange(1...)
    return done(.popToRoot, from: from)
  }

  private func checkTarget(_ page: String, transitionRunning: Bool) -> NavigationRejection? {
    if !pages.contains(page) { return .unknownPage(page, known: Array(pages)) }
    if top == page { return .alreadyOnTop(page) }
    if transitionRunning { return .transitionRunning(page) }
    return nil
  }

  private mutating func reject(_ rejection: NavigationRejection) -> Result<NavigationChange, NavigationRejection> {
    rejections[rejection.code, default: 0] += 1
    return .failure(rejection)
  }

  private mutating func done(_ move: NavigationMove, from: String) -> Result<NavigationChange, NavigationRejection> {
    moves[move, default: 0] += 1
    return .success(NavigationChange(move: move, from: from, to: top, depth: stack.count))
  }
}
