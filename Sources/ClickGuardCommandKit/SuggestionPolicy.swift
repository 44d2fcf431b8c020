// SuggestionPolicy: when `clickguard report` calls a widget's repeats
// deliberate, and the interval it then suggests. The thresholds in one
// place, named, so the docs and the tests can quote them.

import ClickGuard

/// When repeats look deliberate enough to suggest a rule.
///
/// A widget gets a rule when it has at least ``minimumRepeats`` quick
/// repeats (dropped or would-drop by the interval or event-time rules),
/// their median gap is at least ``fastestDeliberateGap`` (faster is a
/// bounce, a tremor or a double click), their spread is at most
/// ``maximumSpread``, and it never navigated: no fence drop came within
/// ``navigationWindow`` after one of its accepted activations with no other
/// widget's accepted activation in between (it never showed fresh content). The rule lowers its interval to ``intervalFraction``
/// of its shortest gap, so the deliberate repeats pass while faster bounces
/// are still dropped.
///
/// A program gets the bounce profile (``SuggestedProfile``) when its
/// skipped toggles were clicked again within ``bounceWindow`` at least
/// ``minimumBounces`` times: toggles the lag profile lets through, which
/// bounce.
package struct SuggestionPolicy: Equatable, Sendable {
  /// Quick repeats needed before a widget is judged at all.
  package var minimumRepeats = 6
  /// The median gap (ms) below which repeats count as a burst.
  package var fastestDeliberateGap = 150
  /// The largest spread (standard deviation over mean) of even repeats.
  package var maximumSpread = 0.3
  /// How soon after a widget's accepted activation (ms), with no other
  /// accepted activation between, a fence drop marks it a navigation.
  package var navigationWindow: Int64 = 2000
  /// The suggested interval as a fraction of the shortest gap.
  package var intervalFraction = 0.7
  /// The shortest interval suggested (ms).
  package var smallestInterval = 50
  /// Clicks on a skipped toggle less than this (ms) after the previous one
  /// count as bounces: the bounce profile's default window, which would
  /// have dropped them.
  package var bounceWindow = Int(GuardProfile.bounce.defaultInterval.milliseconds)
  /// Bounces on a program's skipped toggles needed before the bounce
  /// profile is suggested for it: more than one burst's worth of chance.
  package var minimumBounces = 3

  /// The thresholds above.
  package init() {}

  /// The interval (ms) to suggest for repeats whose shortest gap is
  /// `shortestGap`: a fraction of it, rounded down to 10 ms.
  package func interval(shortestGap: Int) -> Int {
    max(smallestInterval, Int(Double(shortestGap) * intervalFraction) / 10 * 10)
  }
}
