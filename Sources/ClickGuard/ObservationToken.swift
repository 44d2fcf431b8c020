/// Names one registration with an observer list; pass it back to remove it.
public struct ObservationToken: Hashable, Sendable {
  let id: Int
}
