import CGtk
import ClickGuard

/// A widget could not be wrapped.
public struct ControlError: Error, Equatable, CustomStringConvertible {
  /// The GType the wrapper needs.
  public let expected: String
  /// The GType of the widget given (or `NULL`).
  public let actual: String

  public var description: String {
    guard actual != "NULL" else {
      return "cannot wrap NULL as a \(expected): no widget was given (gtk_builder_get_object returns NULL "
        + "for an id its file does not have)"
    }
    return "cannot wrap a \(actual) as a \(expected): give a \(expected) or one of its subclasses"
  }
}
