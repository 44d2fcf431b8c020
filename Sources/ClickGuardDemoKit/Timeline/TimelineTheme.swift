// TimelineTheme: the two colours the timeline takes from its surroundings
// (the GTK theme in the demo, light or dark in pictures) and everything it
// derives from them.

/// The background and foreground the timeline draws with.
public struct TimelineTheme: Hashable, Sendable {
  /// The area's background.
  public var background: TimelineColor
  /// Text, axis and flags.
  public var foreground: TimelineColor

  /// A theme from its two colours (opaque).
  public init(background: TimelineColor, foreground: TimelineColor) {
    self.background = background.withAlpha(1)
    self.foreground = foreground.withAlpha(1)
  }

  /// Black on white.
  public static let light = TimelineTheme(
    background: TimelineColor(hex: 0xFFFFFF), foreground: TimelineColor(hex: 0x1E1E1E))
  /// Light grey on near black.
  public static let dark = TimelineTheme(
    background: TimelineColor(hex: 0x242424), foreground: TimelineColor(hex: 0xEEEEEC))

  /// Whether the background is the darker of the two.
  public var isDark: Bool { background.lightness < foreground.lightness }

  /// Every other lane's tint.
  public var laneStripe: TimelineColor { foreground.withAlpha(0.05) }
  /// The time grid's lines.
  public var grid: TimelineColor { foreground.withAlpha(0.14) }
  /// Secondary text (tick labels, band labels).
  public var secondaryText: TimelineColor { foreground.withAlpha(0.72) }
  /// An injected-lag band's fill.
  public var bandFill: TimelineColor { foreground.withAlpha(isDark ? 0.12 : 0.08) }
  /// An injected-lag band's hatching (a stall or handler lag blocks the
  /// main loop; an async load does not and has no hatching).
  public var bandHatch: TimelineColor { foreground.withAlpha(0.22) }
  /// A mark's outline, which keeps light colours visible on light
  /// backgrounds and dark ones on dark backgrounds.
  public var markOutline: TimelineColor { foreground.withAlpha(0.55) }
}
