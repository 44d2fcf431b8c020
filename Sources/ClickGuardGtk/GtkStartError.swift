/// GTK could not start: there is no display to open.
public struct GtkStartError: Error, CustomStringConvertible {
  /// Why, naming the display it tried.
  public let description: String
}
