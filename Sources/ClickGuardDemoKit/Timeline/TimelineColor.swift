// TimelineColor: an RGBA colour for cairo, and the Okabe–Ito palette the
// timeline's marks use (distinguishable with red–green colour blindness).

/// A colour with components from 0 to 1.
public struct TimelineColor: Hashable, Sendable {
  /// Red.
  public var red: Double
  /// Green.
  public var green: Double
  /// Blue.
  public var blue: Double
  /// Opacity.
  public var alpha: Double

  /// A colour from its components (0 to 1).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from `0xRRGGBB`.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255, blue: Double(hex & 0xff) / 255,
      alpha: alpha)
  }

  /// The same colour with opacity `alpha`.
  public func withAlpha(_ alpha: Double) -> TimelineColor {
    TimelineColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour seen over `background` (both opaque after blending): what
  /// a pixel shows where this colour is painted with its opacity.
  public func over(_ background: TimelineColor) -> TimelineColor {
    TimelineColor(
      red: red * alpha + background.red * (1 - alpha), green: green * alpha + background.green * (1 - alpha),
      blue: blue * alpha + background.blue * (1 - alpha))
  }

  /// Approximate lightness, 0 for black to 1 for white (Rec. 709 weights on
  /// the components as stored): enough to tell a dark theme from a light one.
  public var lightness: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

  /// The Okabe–Ito palette (Okabe and Ito, *Color Universal Design*, 2008).
  public enum OkabeIto {
    /// Orange, #E69F00.
    public static let orange = TimelineColor(hex: 0xE69F00)
    /// Sky blue, #56B4E9.
    public static let skyBlue = TimelineColor(hex: 0x56B4E9)
    /// Bluish green, #009E73.
    public static let bluishGreen = TimelineColor(hex: 0x009E73)
    /// Yellow, #F0E442.
    public static let yellow = TimelineColor(hex: 0xF0E442)
    /// Blue, #0072B2.
    public static let blue = TimelineColor(hex: 0x0072B2)
    /// Vermillion, #D55E00.
    public static let vermillion = TimelineColor(hex: 0xD55E00)
    /// Reddish purple, #CC79A7.
    public static let reddishPurple = TimelineColor(hex: 0xCC79A7)
  }
}
