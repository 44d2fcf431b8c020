// TimelineTheme: the two colours the timeline takes from its surroundings
// (the GTK theme in the demo, light or dark in pictures) and everything it
// derives from them.

import CGtk

/// The background and foreground the timeline draws with.
package struct TimelineTheme: Sendable {
  /// The area's background.
  var background: GdkRGBA
  /// Text, axis and flags.
  var foreground: GdkRGBA

  /// A theme from its two colours (opaque).
  package init(background: GdkRGBA, foreground: GdkRGBA) {
    self.background = background.withAlpha(1)
    self.foreground = foreground.withAlpha(1)
  }

  /// Black on white.
  package static let light = TimelineTheme(
    background: GdkRGBA("#FFFFFF"), foreground: GdkRGBA("#1E1E1E"))
  /// Light grey on near black.
  static let dark = TimelineTheme(
    background: GdkRGBA("#242424"), foreground: GdkRGBA("#EEEEEC"))

  /// Whether the background is the darker of the two.
  var isDark: Bool { background.lightness < foreground.lightness }

  /// Every other lane's tint.
  var laneStripe: GdkRGBA { foreground.withAlpha(0.05) }
  /// The time grid's lines.
  var grid: GdkRGBA { foreground.withAlpha(0.14) }
  /// Secondary text (tick labels, band labels).
  var secondaryText: GdkRGBA { foreground.withAlpha(0.72) }
  /// An injected-lag band's fill.
  var bandFill: GdkRGBA { foreground.withAlpha(isDark ? 0.12 : 0.08) }
  /// An injected-lag band's hatching (a stall or handler lag blocks the
  /// main loop; an async load does not and has no hatching).
  var bandHatch: GdkRGBA { foreground.withAlpha(0.22) }
  /// A mark's outline, which keeps light colours visible on light
  /// backgrounds and dark ones on dark backgrounds.
  var markOutline: GdkRGBA { foreground.withAlpha(0.55) }
}
