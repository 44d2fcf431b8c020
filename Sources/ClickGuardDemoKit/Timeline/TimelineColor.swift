// TimelineColor: an RGBA colour for cairo, and the Okabe–Ito palette the
// timeline's marks use (distinguishable with red–green colour blindness).

/// A colour with components from 0 to 1.
package struct TimelineColor: Hashable, Sendable {
  /// Red.
  package var red: Double
  /// Green.
  package var green: Double
  /// Blue.
  package var blue: Double
  /// Opacity.
  package var alpha: Double

  /// A colour from its components (0 to 1).
  package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from `0xRRGGBB`.
  package init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255, blue: Double(hex & 0xff) / 255,
      alpha: alpha)
  }

  /// The same colour with opacity `alpha`.
  package func withAlpha(_ alpha: Double) -> TimelineColor {
    TimelineColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour seen over `background` (both opaque after blending): what
  /// a pixel shows where this colour is painted with its opacity.
  package func over(_ background: TimelineColor) -> TimelineColor {
    TimelineColor(
      red: red * alpha + background.red * (1 - alpha), green: green * alpha + background.green * (1 - alpha),
      blue: blue * alpha + background.blue * (1 - alpha))
  }

  /// Approximate lightness, 0 for black to 1 for white (Rec. 709 weights on
  /// the components as stored): enough to tell a dark theme from a light one.
  package var lightness: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

  /// The Okabe–Ito palette (Okabe and Ito, *Color Universal Design*, 2008).
  package enum OkabeIto {
    /// Orange, #E69F00.
    package static let orange = TimelineColor(hex: 0xE69F00)
    /// Sky blue, #56B4E9.
    package static let skyBlue = TimelineColor(hex: 0x56B4E9)
    /// Bluish green, #009E73.
    package static let bluishGreen = TimelineColor(hex: 0x009E73)
    /// Yellow, #F0E442.
    package static let yellow = TimelineColor(hex: 0xF0E442)
    /// Blue, #0072B2.
    package static let blue = TimelineColor(hex: 0x0072B2)
    /// Vermillion, #D55E00.
    package static let vermillion = TimelineColor(hex: 0xD55E00)
    /// Reddish purple, #CC79A7.
    package static let reddishPurple = TimelineColor(hex: 0xCC79A7)
  }
}
