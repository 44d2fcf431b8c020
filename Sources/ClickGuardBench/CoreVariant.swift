/// The variants of the core decision cost.
enum CoreVariant: String, CaseIterable {
  /// ClickDispatcher with instants supplied by the caller (`begin(_:at:)`).
  case supplied = "core-supplied"
  /// ClickDispatcher reading its clock, `ClickClock.system` (`begin(_:)`).
  case system = "core-system"
  /// Classic approach A.
  case classicA = "classic-A"
  /// Classic approach B.
  case classicB = "classic-B"
}
