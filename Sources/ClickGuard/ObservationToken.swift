/// Names one registration with an observer list: a decision observer, a
/// navigator observer or an input filter. Pass it back to remove it.
public struct ObservationToken: Hashable, Sendable {
  let id: Int
}
