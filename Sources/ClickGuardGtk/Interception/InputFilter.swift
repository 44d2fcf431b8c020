import CGtk
import ClickGuard

/// Lets ClickGuard's own parts (the navigator's spill-over fence) consume
/// input before GTK dispatches it.
@MainActor
package enum InputFilter {
  /// A filter: returns `true` to consume the event, so GTK never sees it.
  package typealias Filter = @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool

  /// Adds `filter`; it sees every event from now until removed.
  package static func add(_ filter: @escaping Filter) -> ObservationToken {
    GtkClickGuard.runtime.installPlumbing()
    return GtkClickGuard.runtime.inputFilters.add(filter)
  }

  /// Removes the filter `token` names.
  package static func remove(_ token: ObservationToken) {
    GtkClickGuard.runtime.inputFilters.remove(token)
  }
}
