/// A page stack's transition, by the value GtkStackTransitionType gives it:
/// GTK 3 and GTK 4 number their shared transitions alike, so both
/// navigators turn a push's slide into a pop's the same way.
package struct StackTransition: RawRepresentable, Hashable, Sendable {
  package let rawValue: UInt32

  package init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  package static let slideRight = StackTransition(rawValue: 2)
  package static let slideLeft = StackTransition(rawValue: 3)
  package static let slideDown = StackTransition(rawValue: 5)
  package static let slideLeftRight = StackTransition(rawValue: 6)
  package static let slideUpDown = StackTransition(rawValue: 7)

  /// The transition that goes back the way this one came: what a pop plays
  /// when pushes play this one. Transitions without a direction stay.
  package var reversed: StackTransition {
    switch self {
    case .slideLeftRight, .slideLeft: .slideRight
    case .slideRight: .slideLeft
    case .slideUpDown: .slideDown
    default: self
    }
  }
}
