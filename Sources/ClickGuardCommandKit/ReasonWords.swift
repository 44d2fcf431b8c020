// ReasonWords: the decision log's reasons (`within-interval`, `kind-skipped`,
// `predates-page`, …) in the words `clickguard report` prints for people.
// `--json` keeps the log's own reasons.

import ClickGuard

/// A logged reason, said in plain words.
package enum ReasonWords {
  /// What each reason the guard and the fence log means.
  static let words: [String: String] = [
    // Why a repeat was dropped (DropReason).
    DropReason.busy.rawValue: "while the action was running",
    DropReason.withinInterval.rawValue: "repeated within the interval",
    DropReason.eventTime.rawValue: "made during the accepted click's action or interval",
    DropReason.tooFast.rawValue: "pressed again too fast (a shortcut, or a click under the bounce profile)",
    // Why a press within the interval was accepted (AcceptReason).
    AcceptReason.personRepeat.rawValue: "a person's repeat on a control that stayed in place",
    // Why an activation was let through unjudged (PassReason).
    PassReason.guardOff.rawValue: "guard off",
    PassReason.exempt.rawValue: "exempt from the guard",
    PassReason.kindSkipped.rawValue: "toggle or switch, not guarded by default",
    PassReason.programmatic.rawValue: "activated by the app's own code",
    PassReason.nested.rawValue: "part of another activation",
    PassReason.keyRepeat.rawValue: "a held key repeating",
    // Why the fence dropped a press (SpillOverFence.Reason).
    SpillOverFence.Reason.predatesPage.rawValue: "made before the content appeared",
    SpillOverFence.Reason.transition.rawValue: "during the content's transition",
    SpillOverFence.Reason.settling.rawValue: "before the content settled",
    SpillOverFence.Reason.continuingBurst.rawValue: "rest of a burst begun before the content settled",
    // A line without a reason.
    "unknown": "no reason logged",
  ]

  /// `reason` in words; a reason this version does not know, as logged.
  package static func text(_ reason: String) -> String {
    words[reason] ?? reason
  }
}
