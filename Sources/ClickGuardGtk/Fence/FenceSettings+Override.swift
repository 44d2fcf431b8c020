import CGtk
import ClickGuard

extension FenceSettings {
  /// One content widget's settings, asked when it appears; `nil` leaves the
  /// process's. The GTK module sets it from its rules file.
  @MainActor package static var contentOverride: (@MainActor (gpointer) -> FenceSettings?)? {
    get { GtkClickGuard.runtime.fences.contentOverride }
    set { GtkClickGuard.runtime.fences.contentOverride = newValue }
  }
}
