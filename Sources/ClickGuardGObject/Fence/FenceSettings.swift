import ClickGuard

/// How the fresh-content fence treats a window, dialog, popover or page:
/// whether it is fenced, and how long it must be on screen before input
/// reaches it. The process's are `GlobalGuard.fenceSettings`, in either GTK layer.
///
/// ```swift
/// GlobalGuard.fenceSettings = FenceSettings(settle: try ClickInterval(milliseconds: 600))
/// ```
public struct FenceSettings: Hashable, Sendable {
  /// Whether fresh content is fenced. Default: on.
  public var isEnabled: Bool
  /// How long after content appeared input for it is still dropped; `nil`
  /// takes GTK's `gtk-double-click-time`, as Chromium takes its double-click interval.
  public var settle: ClickInterval?

  /// Creates settings; the defaults fence with GTK's double-click time.
  public init(isEnabled: Bool = true, settle: ClickInterval? = nil) {
    self.isEnabled = isEnabled
    self.settle = settle
  }
}
