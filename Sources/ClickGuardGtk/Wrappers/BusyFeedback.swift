// BusyFeedback: how a guarded control shows that its action is running and
// that a click was dropped, per control and for every control.

import ClickGuard

/// How a guarded control shows that its action is running, so a person who
/// clicked sees the click was taken instead of clicking again, and whether a
/// dropped click gives a brief sign.
///
/// The control stays sensitive and focusable throughout: a disabled control
/// would lose the keyboard and screen-reader focus.
///
/// ```swift
/// GtkClickGuard.busyFeedback = BusyFeedback(busy: .shown)   // every control
/// open.busyFeedback = BusyFeedback(busy: .shown, flashesDroppedClicks: true)
/// ```
public struct BusyFeedback: Equatable, Sendable {
  /// What a control shows while its action runs.
  public enum Look: Equatable, Sendable {
    /// Nothing.
    case off
    /// The `clickguard-busy` style class, for the app's CSS, and ATK's busy
    /// state, for assistive technologies. No pixel changes unless the app's
    /// CSS styles the class.
    case marked
    /// ``marked``, plus the busy ("progress") pointer over the control.
    case shown
  }

  /// What the control shows while its gate is busy: from an accepted
  /// activation until its action returns or throws (an async action's, or
  /// work kept by a ``TicketHold``), or outlasts the maximum busy time.
  public var busy: Look
  /// Whether a dropped click dims the control for a moment (the
  /// `clickguard-dropped` style class, with a built-in look the app's CSS
  /// can replace).
  public var flashesDroppedClicks: Bool

  /// Feedback that shows `busy` while the action runs, and optionally flashes
  /// on dropped clicks.
  public init(busy: Look = .marked, flashesDroppedClicks: Bool = false) {
    self.busy = busy
    self.flashesDroppedClicks = flashesDroppedClicks
  }

  /// Nothing at all: the default, so an app's look and what screen readers
  /// say change only when it asks.
  public static let off = BusyFeedback(busy: .off)

  /// The style class a busy control carries.
  public static let busyStyleClass = "clickguard-busy"
  /// The style class a control carries for a moment after a dropped click.
  public static let droppedStyleClass = "clickguard-dropped"
}

extension GtkClickGuard {
  /// The busy feedback of every control whose own
  /// ``Control/busyFeedback`` is `nil`: ``BusyFeedback/off`` unless set.
  public static var busyFeedback: BusyFeedback {
    get { runtime.busyWatch.globalFeedback }
    set { runtime.busyWatch.globalFeedback = newValue }
  }
}
