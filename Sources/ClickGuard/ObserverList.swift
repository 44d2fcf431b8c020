/// The registered observers of one kind of event, in the order they were
/// added: the one observation mechanism behind decisions, navigation and
/// input filters.
@MainActor
package final class ObserverList<Observer> {
  private var entries: [(token: ObservationToken, observer: Observer)] = []
  private var lastID = 0

  /// An empty list.
  package init() {}

  /// Adds `observer`.
  /// - Returns: the token that removes it.
  package func add(_ observer: Observer) -> ObservationToken {
    lastID += 1
    let token = ObservationToken(id: lastID)
    entries.append((token, observer))
    isEmpty = false
    return token
  }

  /// Removes the observer `token` names; an unknown token is ignored.
  package func remove(_ token: ObservationToken) {
    entries.removeAll { $0.token == token }
    isEmpty = entries.isEmpty
  }

  /// The observers, oldest first, as they are now: an observer may add or
  /// remove observers while they are called.
  package var observers: LazyMapSequence<[(token: ObservationToken, observer: Observer)], Observer> {
    entries.lazy.map { $0.observer }
  }

  /// Whether there are none. Stored, so a module that asks on every input
  /// event (ClickGuardGtk, for its input filters) reads one flag instead of
  /// going through the generic array of observers.
  package private(set) var isEmpty = true
}
