// ReasonWords: the decision log's reasons (`within-interval`, `kind-skipped`,
// `predates-page`, …) in the words `clickguard report` prints for people.
// `--json` keeps the log's own reasons.

/// A logged reason, said in plain words.
public enum ReasonWords {
  /// What each reason the guard and the fence log means.
  static let words: [String: String] = [
    // Why a repeat was dropped (DropReason).
    "busy": "while the action was running",
    "within-interval": "repeated within the interval",
    "event-time": "made during the accepted click's action or interval",
    "too-fast": "shortcut pressed again too fast",
    // Why an activation was let through unjudged (PassReason).
    "guard-off": "guard off",
    "exempt": "exempt from the guard",
    "kind-skipped": "toggle or switch, not guarded by default",
    "programmatic": "activated by the app's own code",
    "nested": "part of another activation",
    "key-repeat": "a held key repeating",
    // Why the fence dropped a press (SpillOverFence.Reason).
    "predates-page": "made before the content appeared",
    "transition": "during the content's transition",
    "settling": "before the content settled",
    "continuing-burst": "rest of a burst begun before the content settled",
    // A line without a reason.
    "unknown": "no reason logged",
  ]

  /// `reason` in words; a reason this version does not know, as logged.
  public static func text(_ reason: String) -> String {
    words[reason] ?? reason
  }
}
