// The click timeline's widgets, with their accessible names: listed in the
// `layout` line like every other named widget.

import ClickGuardGObject

extension DemoWidgets {
  /// The timeline's drawing area.
  package static let timeline = DemoWidget(
    name: "timeline", accessibleName: translatable("Click timeline"), area: "timeline")

  /// The timeline's controls and its drawing area, in the layout line's
  /// order.
  static let timelineWidgets: [DemoWidget] = [
    timeline,
    DemoWidget(name: "timeline-seconds", accessibleName: translatable("Timeline window (s)"), area: "timeline"),
    DemoWidget(name: "timeline-pause", accessibleName: translatable("Pause the timeline"), area: "timeline"),
    DemoWidget(name: "timeline-clear", accessibleName: translatable("Clear the timeline"), area: "timeline"),
  ]
}
