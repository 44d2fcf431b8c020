/// What the toolkit sees of a control when it is pressed: the facts that tell a
/// person's repeat (Undo, Zoom In, a keypad key) from a duplicate (a bounce, a press
/// queued behind a stall, a second press on something that opened a page).
public struct RepeatFacts: Hashable, Sendable {
  /// Whether the control is of a kind people press again on purpose (keypad, stepper, undo).
  public var isRepeatable: Bool
  /// Whether the control is still where it was pressed: shown and sensitive.
  public var isInPlace: Bool
  /// What the person sees around the control: changes whenever fresh content
  /// appears or the control moves to another window. Compared for equality only.
  public var scene: UInt64

  public init(isRepeatable: Bool, isInPlace: Bool = true, scene: UInt64 = 0) {
    self.isRepeatable = isRepeatable
    self.isInPlace = isInPlace
    self.scene = scene
  }
}
