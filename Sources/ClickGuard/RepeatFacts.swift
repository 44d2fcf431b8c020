/// What the toolkit sees of a control when it is pressed: the facts that
/// tell a person's repeat from a duplicate (the gate's repeat rule).
///
/// A person presses a key of a keypad, Undo or Zoom In again on purpose;
/// a duplicate is a bounce, a press queued behind a stall, or a second
/// press on something that opened a window, a page or a dialog. The facts
/// are read at every press, not only when the action finished, since
/// asynchronous work can bring content later.
public struct RepeatFacts: Hashable, Sendable {
  /// Whether the control is of a kind people press again on purpose: a
  /// key of a keypad, a stepper, an action such as undo, zoom or next.
  public var isRepeatable: Bool
  /// Whether the control is still where the person pressed it: shown and
  /// sensitive.
  public var isInPlace: Bool
  /// What the person sees around the control: changes whenever fresh
  /// content (a window, a dialog, a popover, a page) appears or the
  /// control moves to another window. Compared only for equality.
  public var scene: UInt64

  /// Describes a control as it is at a press.
  public init(isRepeatable: Bool, isInPlace: Bool = true, scene: UInt64 = 0) {
    self.isRepeatable = isRepeatable
    self.isInPlace = isInPlace
    self.scene = scene
  }
}
