import ClickGuardGtk

/// The settings one layer sets (a rules file group, the environment, or several
/// merged), each with where it came from; a `nil` field leaves it to the layers below.
package struct RuleValues: Hashable, Sendable {
  /// `mode`: enforce, observe or off.
  package var mode: SourcedValue<GuardMode>?
  /// `interval-ms`.
  package var interval: SourcedValue<ClickInterval>?
  /// `max-busy-ms`.
  package var maxBusy: SourcedValue<ClickInterval>?
  /// `policy` (widget groups only): guarded or exempt.
  package var policy: SourcedValue<ControlPolicy>?
  /// `fence`: whether the spill-over fence is on.
  package var fence: SourcedValue<Bool>?
  /// `settle-ms`: the fence's settle time.
  package var settle: SourcedValue<ClickInterval>?
  /// `profile`: lag or bounce.
  package var profile: SourcedValue<GuardProfile>?
  /// `feedback`: off or bell.
  package var feedback: SourcedValue<DropFeedback>?
  /// `repeats`: whether a person's repeats act within the window.
  package var repeats: SourcedValue<Bool>?

  /// A layer that sets nothing.
  package init() {}

  /// Whether this layer sets nothing.
  package var isEmpty: Bool { self == RuleValues() }

  /// This layer on top of `lower`: what this layer leaves unset comes from `lower`.
  package func overriding(_ lower: RuleValues) -> RuleValues {
    var merged = self
    merged.mode = mode ?? lower.mode
    merged.interval = interval ?? lower.interval
    merged.maxBusy = maxBusy ?? lower.maxBusy
    merged.policy = policy ?? lower.policy
    merged.fence = fence ?? lower.fence
    merged.settle = settle ?? lower.settle
    merged.profile = profile ?? lower.profile
    merged.feedback = feedback ?? lower.feedback
    merged.repeats = repeats ?? lower.repeats
    return merged
  }

  /// The settings a widget stores (the fence's settings go to the fence).
  package var controlSettings: ControlSettings {
    ControlSettings(
      policy: policy?.value ?? .automatic, interval: interval?.value, maxBusy: maxBusy?.value, mode: mode?.value,
      repeats: repeats?.value)
  }

  /// The fence's settings: `fence` (on unless set) and `settle-ms` (GTK's double-click
  /// time unless set); the one place rule values become ``FenceSettings``.
  package var fenceSettings: FenceSettings {
    FenceSettings(isEnabled: fence?.value ?? true, settle: settle?.value)
  }
}
