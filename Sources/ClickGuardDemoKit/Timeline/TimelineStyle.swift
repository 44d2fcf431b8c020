// TimelineStyle: the colour and shape of each outcome. Colours come from the
// Okabe–Ito palette and read on light and dark backgrounds; every outcome
// also has its own shape, so nothing depends on telling red from green.

import CGtk

/// How the timeline draws each outcome.
package enum TimelineStyle {
  /// The colour of `outcome`'s marks.
  static func color(_ outcome: TimelineOutcome) -> GdkRGBA {
    switch outcome {
    case .accepted: GdkRGBA.OkabeIto.bluishGreen
    case .droppedBusy: GdkRGBA.OkabeIto.vermillion
    case .droppedWithinInterval: GdkRGBA.OkabeIto.orange
    case .droppedEventTime: GdkRGBA.OkabeIto.reddishPurple
    case .wouldDrop: GdkRGBA.OkabeIto.skyBlue
    case .passed: GdkRGBA("#8C8C8C")
    case .fenceDrop: GdkRGBA.OkabeIto.blue
    }
  }

  /// The shape of `outcome`'s marks.
  static func glyph(_ outcome: TimelineOutcome) -> TimelineGlyph {
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
  static func color(_ span: TimelineSpan.Kind) -> GdkRGBA {
    switch span {
    case .busy: GdkRGBA.OkabeIto.vermillion
    case .window: GdkRGBA.OkabeIto.orange
    case .fence: GdkRGBA.OkabeIto.blue
    }
  }
}
