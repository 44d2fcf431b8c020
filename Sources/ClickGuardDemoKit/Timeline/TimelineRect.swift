// TimelineRect: a rectangle in the timeline's pixel space.

/// A rectangle in pixels, origin at the top left of the timeline.
package struct TimelineRect: Hashable, Sendable, Decodable {
  /// Left edge.
  package var x: Double
  /// Top edge.
  package var y: Double
  /// Width.
  package var width: Double
  /// Height.
  package var height: Double

  enum CodingKeys: String, CodingKey {
    case x, y, width, height
  }

  /// A rectangle.
  package init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Right edge.
  var maxX: Double { x + width }
  /// Bottom edge.
  var maxY: Double { y + height }
  /// Vertical centre.
  var midY: Double { y + height / 2 }
  /// Horizontal centre.
  var midX: Double { x + width / 2 }

  /// Whether the point lies inside.
  package func contains(x px: Double, y py: Double) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }
}
