// NavigationHistory: the pure model of a page stack's navigation — history,
// the moves, and the rules that make navigation idempotent.

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

/// A navigation that happened.
public struct NavigationChange: Hashable, Sendable {
  /// The move.
  public let move: NavigationMove
  /// The page on top before.
  public let from: String
  /// The page on top after.
  public let to: String
  /// How many pages are on the stack after (the root counts as 1).
  public let depth: Int
}

/// A navigation that was refused, and why. Refusals are expected (a repeated
/// click, a click during a transition); they are counted and reported, never
/// thrown at the app.
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

  /// A short stable name for logs: `already-on-top`, `transition-running`,
  /// `unknown-page`, `at-root`.
  public var code: String {
    switch self {
    case .alreadyOnTop: "already-on-top"
    case .transitionRunning: "transition-running"
    case .unknownPage: "unknown-page"
    case .atRoot: "at-root"
    }
  }
}

/// The history of a page stack: named pages, the stack of visited ones, and
/// counters of every move and refusal.
public struct NavigationHistory: Sendable {
  /// The pages on the stack, root first.
  public private(set) var stack: [String]
  /// Every page that can be shown.
  public private(set) var pages: Set<String>
  /// Moves done, by move.
  public private(set) var moves: [NavigationMove: Int] = [:]
  /// Refusals, by ``NavigationRejection/code``.
  public private(set) var rejections: [String: Int] = [:]

  /// A history whose root page is `root`.
  public init(root: String) {
    stack = [root]
    pages = [root]
  }

  /// The page on top.
  public var top: String { stack[stack.count - 1] }

  /// How many pages are on the stack (the root counts as 1).
  public var depth: Int { stack.count }

  /// Makes `page` known. Returns `false` if it already was.
  @discardableResult
  public mutating func register(_ page: String) -> Bool {
    pages.insert(page).inserted
  }

  /// Pushes `page` unless it is on top already, unknown, or a transition is
  /// running.
  public mutating func push(_ page: String, transitionRunning: Bool = false) -> Result<
    NavigationChange, NavigationRejection
  > {
    if let rejection = checkTarget(page, transitionRunning: transitionRunning) { return reject(rejection) }
    let from = top
    stack.append(page)
    return done(.push, from: from)
  }

  /// Replaces the top page with `page` (the root stays the root when the
  /// stack has one page).
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
