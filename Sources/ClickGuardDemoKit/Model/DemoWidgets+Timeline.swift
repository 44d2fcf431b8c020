// The click timeline's widgets, with their accessible names: listed in the
// `layout` line like every other named widget.

extension DemoWidgets {
  /// The timeline's drawing area.
  package static let timeline = DemoWidget(name: "timeline", accessibleName: "Click timeline", area: "timeline")

  /// The timeline's controls and its drawing area, in the layout line's
  /// order.
  static let timelineWidgets: [DemoWidget] = [
    timeline,
    DemoWidget(name: "timeline-seconds", accessibleName: "Timeline window (s)", area: "timeline"),
    DemoWidget(name: "timeline-pause", accessibleName: "Pause the timeline", area: "timeline"),
    DemoWidget(name: "timeline-clear", accessibleName: "Clear the timeline", area: "timeline"),
  ]
}
