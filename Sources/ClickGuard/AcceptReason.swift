/// Why an activation the window would have dropped was accepted.
public enum AcceptReason: String, Sendable, CaseIterable {
  /// A person pressing a control again on purpose (see ``RepeatFacts``).
  case personRepeat = "person-repeat"
}
