/// One activation of the core workload.
struct CoreOp {
  /// Index of the control (0 ..< ``CoreWorkload/controls``).
  var control: Int
  /// The input event's time (ms), or 0 for none.
  var eventTime: UInt32
  /// Whether the action is finished right after an accepted activation.
  var finishes: Bool
}
