// ReasonWords: the decision log's reasons (`within-interval`, `kind-skipped`,
// `predates-page`, …) in the words `clickguard report` prints for people.
// `--json` keeps the log's own reasons.

import ClickGuard
import ClickGuardGObject

/// A logged reason, said in plain words.
package enum ReasonWords {
  /// What each reason the guard and the fence log means, in English.
  static let words: [String: String] = [
    // Why a repeat was dropped (DropReason).
    DropReason.busy.rawValue: translatable("while the action was running"),
    DropReason.withinInterval.rawValue: translatable("repeated within the interval"),
    DropReason.eventTime.rawValue: translatable("made during the accepted click's action or interval"),
    DropReason.tooFast.rawValue: translatable(
      "pressed again too fast (a shortcut, or a click under the bounce profile)"),
    // Why a press within the interval was accepted (AcceptReason).
    AcceptReason.personRepeat.rawValue: translatable("a person's repeat on a control that stayed in place"),
    // Why an activation was let through unjudged (PassReason).
    PassReason.guardOff.rawValue: translatable("guard off"),
    PassReason.exempt.rawValue: translatable("exempt from the guard"),
    PassReason.kindSkipped.rawValue: translatable("toggle or switch, not guarded by default"),
    PassReason.programmatic.rawValue: translatable("activated by the app's own code"),
    PassReason.nested.rawValue: translatable("part of another activation"),
    PassReason.keyRepeat.rawValue: translatable("a held key repeating"),
    // Why the fence dropped a press (SpillOverFence.Reason).
    SpillOverFence.Reason.predatesPage.rawValue: translatable("made before the content appeared"),
    SpillOverFence.Reason.transition.rawValue: translatable("during the content's transition"),
    SpillOverFence.Reason.settling.rawValue: translatable("before the content settled"),
    SpillOverFence.Reason.continuingBurst.rawValue: translatable("rest of a burst begun before the content settled"),
    // A line without a reason.
    "unknown": translatable("no reason logged"),
  ]

  /// `reason` in words, translated; a reason this version does not know,
  /// as logged.
  package static func text(_ reason: String) -> String {
    words[reason].map(translated) ?? reason
  }
}
