// TimelineRect: a rectangle in the timeline's pixel space.

/// A rectangle in pixels, origin at the top left of the timeline.
public struct TimelineRect: Hashable, Sendable, Decodable {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width.
  public var width: Double
  /// Height.
  public var height: Double

  enum CodingKeys: String, CodingKey {
    case x, y, width, height
  }

  /// A rectangle.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Right edge.
  public var maxX: Double { x + width }
  /// Bottom edge.
  public var maxY: Double { y + height }
  /// Vertical centre.
  public var midY: Double { y + height / 2 }
  /// Horizontal centre.
  public var midX: Double { x + width / 2 }

  /// Whether the point lies inside.
  public func contains(x px: Double, y py: Double) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }
}
