import CGtk
import ClickGuard

/// How the fresh-content fence treats a window, dialog, popover or page:
/// whether it is fenced, and how long it must have been on screen before a
/// press or an activation key reaches it.
///
/// The process's settings are ``GlobalGuard/fenceSettings``; the GTK module
/// gives one content widget its own from its rules file.
///
/// ```swift
/// GlobalGuard.fenceSettings = FenceSettings(settle: try ClickInterval(milliseconds: 600))
/// ```
public struct FenceSettings: Hashable, Sendable {
  /// Whether fresh content is fenced. Default: on.
  public var isEnabled: Bool
  /// How long after content appeared input made for it is still dropped;
  /// `nil` (the default) takes GTK's `gtk-double-click-time` (400 ms unless
  /// the desktop changed it), as Chromium takes the double-click interval.
  public var settle: ClickInterval?

  /// Creates settings; the defaults fence with GTK's double-click time.
  public init(isEnabled: Bool = true, settle: ClickInterval? = nil) {
    self.isEnabled = isEnabled
    self.settle = settle
  }

  /// Settings of one content widget (a GtkWindow, GtkPopover, or a page of a
  /// GtkStack or GtkNotebook), asked for when it appears; `nil` from the
  /// hook, or no hook, leaves the process's settings in force. The GTK
  /// module sets it from its rules file.
  @MainActor package static var contentOverride: (@MainActor (gpointer) -> FenceSettings?)? {
    get { GtkClickGuard.runtime.fences.contentOverride }
    set { GtkClickGuard.runtime.fences.contentOverride = newValue }
  }
}
