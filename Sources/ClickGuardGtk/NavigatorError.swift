import CGtk
import ClickGuard

/// A page was added twice or was not a widget.
public struct NavigatorError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the page.
  public let description: String
}
