import CGLib

/// A widget could not be wrapped.
public struct ControlError: Error, Equatable, CustomStringConvertible {
  /// The GType the wrapper needs.
  public let expected: String
  /// The GType of the widget given (or `NULL`).
  public let actual: String

  package init(expected: String, actual: String) {
    self.expected = expected
    self.actual = actual
  }

  /// Checks that `object` is a `expected` (named `expectedName`) before a wrapper takes it.
  /// - Throws: the error naming what was given instead.
  package static func check(_ object: gpointer?, is expected: GType, named expectedName: String) throws(ControlError) {
    guard !GObjectType.isA(object, expected) else { return }
    let isObject = GObjectType.isA(object, g_object_get_type())
    let actual = isObject ? object.flatMap { swiftString(g_type_name(cg_type_of($0))) } : nil
    throw ControlError(expected: expectedName, actual: actual ?? "NULL")
  }

  public var description: String {
    guard actual != "NULL" else {
      return "cannot wrap NULL as a \(expected): no widget was given (gtk_builder_get_object returns NULL "
        + "for an id its file does not have)"
    }
    return "cannot wrap a \(actual) as a \(expected): give a \(expected) or one of its subclasses"
  }
}
