// GdkRGBA+Timeline: GDK's colour as the timeline paints it, and the
// Okabe–Ito palette its marks use (distinguishable with red–green colour
// blindness).

import CGtk

extension GdkRGBA {
  /// The colour `spec` names (`#E69F00`, as `gdk_rgba_parse` reads it).
  package init(_ spec: String) {
    self.init()
    precondition(gdk_rgba_parse(&self, spec) != 0, "not a colour: \(spec)")
  }

  /// The same colour with opacity `alpha`.
  func withAlpha(_ alpha: Double) -> GdkRGBA {
    GdkRGBA(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour seen over `background` (both opaque after blending): what
  /// a pixel shows where this colour is painted with its opacity.
  package func over(_ background: GdkRGBA) -> GdkRGBA {
    GdkRGBA(
      red: red * alpha + background.red * (1 - alpha), green: green * alpha + background.green * (1 - alpha),
      blue: blue * alpha + background.blue * (1 - alpha), alpha: 1)
  }

  /// Approximate lightness, 0 for black to 1 for white (Rec. 709 weights on
  /// the components as stored): enough to tell a dark theme from a light one.
  var lightness: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

  /// The Okabe–Ito palette (Okabe and Ito, *Color Universal Design*, 2008).
  package enum OkabeIto {
    /// Orange.
    static let orange = GdkRGBA("#E69F00")
    /// Sky blue.
    static let skyBlue = GdkRGBA("#56B4E9")
    /// Bluish green.
    static let bluishGreen = GdkRGBA("#009E73")
    /// Yellow.
    static let yellow = GdkRGBA("#F0E442")
    /// Blue.
    static let blue = GdkRGBA("#0072B2")
    /// Vermillion.
    static let vermillion = GdkRGBA("#D55E00")
    /// Reddish purple.
    static let reddishPurple = GdkRGBA("#CC79A7")
  }
}
