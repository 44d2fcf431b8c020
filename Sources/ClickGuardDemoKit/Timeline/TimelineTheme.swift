// TimelineTheme: the two colours the timeline takes from its surroundings
// (the GTK theme in the demo, light or dark in pictures) and everything it
// derives from them.

/// The background and foreground the timeline draws with.
package struct TimelineTheme: Hashable, Sendable {
  /// The area's background.
  package var background: TimelineColor
  /// Text, axis and flags.
  package var foreground: TimelineColor

  /// A theme from its two colours (opaque).
  package init(background: TimelineColor, foreground: TimelineColor) {
    self.background = background.withAlpha(1)
    self.foreground = foreground.withAlpha(1)
  }

  /// Black on white.
  package static let light = TimelineTheme(
    background: TimelineColor(hex: 0xFFFFFF), foreground: TimelineColor(hex: 0x1E1E1E))
  /// Light grey on near black.
  package static let dark = TimelineTheme(
    background: TimelineColor(hex: 0x242424), foreground: TimelineColor(hex: 0xEEEEEC))

  /// Whether the background is the darker of the two.
  package var isDark: Bool { background.lightness < foreground.lightness }

  /// Every other lane's tint.
  package var laneStripe: TimelineColor { foreground.withAlpha(0.05) }
  /// The time grid's lines.
  package var grid: TimelineColor { foreground.withAlpha(0.14) }
  /// Secondary text (tick labels, band labels).
  package var secondaryText: TimelineColor { foreground.withAlpha(0.72) }
  /// An injected-lag band's fill.
  package var bandFill: TimelineColor { foreground.withAlpha(isDark ? 0.12 : 0.08) }
  /// An injected-lag band's hatching (a stall or handler lag blocks the
  /// main loop; an async load does not and has no hatching).
  package var bandHatch: TimelineColor { foreground.withAlpha(0.22) }
  /// A mark's outline, which keeps light colours visible on light
  /// backgrounds and dark ones on dark backgrounds.
  package var markOutline: TimelineColor { foreground.withAlpha(0.55) }
}
