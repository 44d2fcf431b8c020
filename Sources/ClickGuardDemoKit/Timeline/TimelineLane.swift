// TimelineLane: one row of the timeline.

import ClickGuardGObject

/// One row of the timeline: a control, the spill-over fence, or the page
/// navigations.
package struct TimelineLane: Hashable, Sendable {
  /// What a lane shows.
  package enum Kind: String, Sendable {
    /// One control's activations, busy spans and intervals.
    case control
    /// The presses the spill-over fence consumed, and when it was armed.
    case fence
    /// The navigations (flags).
    case navigation
  }

  /// The fence lane's id.
  static let fenceID = "fence"
  /// The navigation lane's id.
  static let navigationID = "navigation"

  /// The lane's id: the control's name, or ``fenceID`` / ``navigationID``.
  package let id: String
  /// What it shows.
  package let kind: Kind

  /// A lane.
  package init(id: String, kind: Kind) {
    self.id = id
    self.kind = kind
  }

  /// The title in the lane's gutter, in the reader's language (a control's
  /// lane: the control's name, as the log has it).
  package var title: String {
    switch kind {
    case .control: id
    case .fence: localized("spill-over fence")
    case .navigation: localized("navigations")
    }
  }
}
