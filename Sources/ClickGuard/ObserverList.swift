/// The observers of one kind of event, in the order added: decisions, navigation, input filters.
@MainActor
package final class ObserverList<Observer> {
  private var entries: [(token: ObservationToken, observer: Observer)] = []
  private var lastID = 0

  package init() {}

  /// Adds `observer`; returns the token that removes it.
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

  /// The observers, oldest first, as they are now: an observer may add or remove observers.
  package var observers: LazyMapSequence<[(token: ObservationToken, observer: Observer)], Observer> {
    entries.lazy.map { $0.observer }
  }

  /// Whether there are none: stored, so a caller on every input event reads one flag.
  package private(set) var isEmpty = true
}
