// TimelineStyle: the colour and shape of each outcome. Colours come from the
// Okabe–Ito palette and read on light and dark backgrounds; every outcome
// also has its own shape, so nothing depends on telling red from green.

/// How the timeline draws each outcome.
package enum TimelineStyle {
  /// The colour of `outcome`'s marks.
  package static func color(_ outcome: TimelineOutcome) -> TimelineColor {
    switch outcome {
    case .accepted: TimelineColor.OkabeIto.bluishGreen
    case .droppedBusy: TimelineColor.OkabeIto.vermillion
    case .droppedWithinInterval: TimelineColor.OkabeIto.orange
    case .droppedEventTime: TimelineColor.OkabeIto.reddishPurple
    case .wouldDrop: TimelineColor.OkabeIto.skyBlue
    case .passed: TimelineColor(hex: 0x8C8C8C)
    case .fenceDrop: TimelineColor.OkabeIto.blue
    }
  }

  /// The shape of `outcome`'s marks.
  package static func glyph(_ outcome: TimelineOutcome) -> TimelineGlyph {
    switch outcome {
    case .accepted: .dot
    case .droppedBusy: .cross
    case .droppedWithinInterval: .plus
    case .droppedEventTime: .asterisk
    case .wouldDrop: .ring
    case .passed: .square
    case .fenceDrop: .boxedCross
    }
  }

  /// The colour of a span's bar (busy: vermillion like a busy drop; the
  /// interval after it: orange like a drop within it; the fence: blue like
  /// its drops).
  package static func color(_ span: TimelineSpan.Kind) -> TimelineColor {
    switch span {
    case .busy: TimelineColor.OkabeIto.vermillion
    case .window: TimelineColor.OkabeIto.orange
    case .fence: TimelineColor.OkabeIto.blue
    }
  }
}
