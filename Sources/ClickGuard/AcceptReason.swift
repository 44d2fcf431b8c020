/// Why an activation the window would have dropped was accepted.
public enum AcceptReason: String, Sendable, CaseIterable {
  /// A person pressing a control again on purpose: a control of a
  /// repeatable kind, still in place, nothing fresh shown since its action,
  /// pressed at a person's pace after that action finished (``RepeatFacts``).
  case personRepeat = "person-repeat"
}
