// RuleSuggester: picks the widgets whose repeats look deliberate (many,
// evenly spaced, not burst-fast, never a navigation) and writes a rule for
// each (SuggestionPolicy has the thresholds).

/// Suggests rules from a ``LogReport``.
package struct RuleSuggester: Sendable {
  /// The thresholds.
  package var policy: SuggestionPolicy

  /// A suggester with `policy`.
  package init(policy: SuggestionPolicy = SuggestionPolicy()) {
    self.policy = policy
  }

  /// The rules for `report`'s widgets, in widget order.
  package func rules(for report: LogReport) -> [SuggestedRule] {
    let navigating = report.navigatingWidgets(within: policy.navigationWindow)
    return report.tallies.compactMap { rule(for: $0, navigates: navigating.contains($0.widget)) }
  }

  /// The bounce profile for each program whose skipped toggles bounced
  /// (``SuggestionPolicy/bounceWindow``, ``SuggestionPolicy/minimumBounces``),
  /// in program order.
  package func profiles(for report: LogReport) -> [SuggestedProfile] {
    report.programs.compactMap { program in
      let bouncing = report.tallies.filter { $0.widget.program == program }.compactMap { tally in
        let bounces = tally.skippedRhythm.count(below: policy.bounceWindow)
        return bounces > 0 ? (tally, bounces) : nil
      }
      let bounces = bouncing.reduce(0) { $0 + $1.1 }
      guard bounces >= policy.minimumBounces else { return nil }
      return SuggestedProfile(
        program: program.flatMap { WidgetIdentity.fitsGroupName($0) ? $0 : nil }, widgets: bouncing.map(\.0.widget),
        bounces: bounces, shortestGapMs: bouncing.map(\.0.skippedRhythm.shortest).min() ?? 0,
        windowMs: policy.bounceWindow)
    }
  }

  /// The rule for `tally`, or `nil` when its repeats do not look
  /// deliberate, it `navigates` (showed fresh content that the fence then
  /// guarded) or no selector can name it.
  package func rule(for tally: WidgetTally, navigates: Bool) -> SuggestedRule? {
    let rhythm = tally.rhythm
    guard rhythm.count >= policy.minimumRepeats, rhythm.median >= policy.fastestDeliberateGap,
      rhythm.spread <= policy.maximumSpread, !navigates, let selector = tally.widget.selector
    else { return nil }
    let program = tally.widget.program.flatMap { WidgetIdentity.fitsGroupName($0) ? $0 : nil } ?? "*"
    return SuggestedRule(
      widget: tally.widget, group: "\(program): \(selector)",
      intervalMs: policy.interval(shortestGap: rhythm.shortest), repeats: rhythm.count,
      medianGapMs: rhythm.median, shortestGapMs: rhythm.shortest, spread: rhythm.spread)
  }
}
