/// The toolkit-neutral half of a stack navigator: its history, its pages'
/// titles and its observers. A GTK layer's navigator asks it for a move and
/// shows the page it names, so every layer refuses and reports the same way.
@MainActor
package final class PageNavigation {
  /// The stack of pages, known pages and counters.
  package private(set) var history: NavigationHistory
  private var titles: [String: String] = [:]
  private let observers = ObserverList<@MainActor (NavigatorEvent) -> Void>()

  /// Starts with `root` on the stack, titled `title`.
  package init(root: String, title: String) {
    history = NavigationHistory(root: root)
    titles[root] = title
  }

  /// Makes `name` a page titled `title`.
  /// - Throws: ``NavigatorError`` when the name is taken (GtkStack would only warn).
  package func addPage(_ name: String, title: String) throws(NavigatorError) {
    guard history.register(name) else {
      throw NavigatorError(description: "a page named '\(name)' exists already; page names must be unique")
    }
    titles[name] = title
  }

  /// The title of the page on top: its name when it was given none.
  package var topTitle: String { titles[history.top] ?? history.top }

  /// Applies `request` to the history. A refusal is reported and returned; a
  /// move is handed to `show` (with whether it goes forward: push, replace)
  /// for the toolkit to display, then reported.
  package func perform(
    _ request: NavigationRequest, transitionRunning: Bool, show: (NavigationChange, _ forward: Bool) -> Void
  ) -> Result<NavigationChange, NavigationRejection> {
    let result: Result<NavigationChange, NavigationRejection>
    switch request {
    case .push(let page): result = history.push(page, transitionRunning: transitionRunning)
    case .replace(let page): result = history.replace(with: page, transitionRunning: transitionRunning)
    case .pop: result = history.pop()
    case .popToRoot: result = history.popToRoot()
    }
    switch result {
    case .failure(let rejection):
      report(.ignored(rejection))
    case .success(let change):
      show(change, change.move == .push || change.move == .replace)
      report(.navigated(change))
    }
    return result
  }

  /// Calls `body` with every navigator event.
  package func addObserver(_ body: @escaping @MainActor (NavigatorEvent) -> Void) -> ObservationToken {
    observers.add(body)
  }

  /// Stops calling the observer `token` names.
  package func removeObserver(_ token: ObservationToken) {
    observers.remove(token)
  }

  /// Hands `event` to every observer, oldest first.
  package func report(_ event: NavigatorEvent) {
    for observer in observers.observers { observer(event) }
  }
}

/// A page was added twice or was not a widget.
public struct NavigatorError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the page.
  public let description: String

  package init(description: String) {
    self.description = description
  }
}

/// Something the navigator did or refused, for logs and counters.
public enum NavigatorEvent: Sendable {
  /// A navigation happened.
  case navigated(NavigationChange)
  /// A navigation was refused (repeated push, push during a transition, …).
  case ignored(NavigationRejection)
  /// The fence dropped input aimed at `page`.
  case inputDropped(page: String, reason: SpillOverFence.Reason, eventTime: EventTimestamp?)
}
