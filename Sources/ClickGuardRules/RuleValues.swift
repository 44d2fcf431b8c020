import ClickGuardGtk

/// The settings one layer sets — a group of the rules file, the environment,
/// or several of those merged — each with where it came from. A `nil` field
/// leaves the setting to the layers below.
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

  /// A layer that sets nothing.
  package init() {}

  /// Whether this layer sets nothing.
  package var isEmpty: Bool { self == RuleValues() }

  /// This layer on top of `lower`: each setting this layer leaves unset
  /// comes from `lower`.
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
    return merged
  }

  /// The settings a widget stores: policy, mode, interval and maximum busy
  /// time (the fence's settings go to the fence).
  package var controlSettings: ControlSettings {
    ControlSettings(
      policy: policy?.value ?? .automatic, interval: interval?.value, maxBusy: maxBusy?.value, mode: mode?.value)
  }

  /// The fresh-content fence's settings: this layer's `fence` (on unless
  /// set) and `settle-ms` (GTK's double-click time unless set). The one
  /// place rule values become ``FenceSettings``, for the process and for
  /// one content widget alike.
  package var fenceSettings: FenceSettings {
    FenceSettings(isEnabled: fence?.value ?? true, settle: settle?.value)
  }
}
