import ClickGuard

/// How a guarded control shows its action is running, so a person sees the
/// click was taken, and whether a dropped click gives a brief sign. The
/// control stays sensitive: a disabled one would lose keyboard and reader focus.
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
    /// The `clickguard-busy` style class and ATK's busy state; no pixel
    /// changes unless the app's CSS styles the class.
    case marked
    /// ``marked``, plus the busy ("progress") pointer over the control.
    case shown
  }

  /// What the control shows from an accepted activation until its action
  /// (or ``TicketHold``) ends, at most the maximum busy time.
  public var busy: Look
  /// Whether a dropped click dims the control a moment (`clickguard-dropped`).
  public var flashesDroppedClicks: Bool

  /// Feedback showing `busy`, optionally flashing on dropped clicks.
  public init(busy: Look = .marked, flashesDroppedClicks: Bool = false) {
    self.busy = busy
    self.flashesDroppedClicks = flashesDroppedClicks
  }

  /// Nothing: the default, so an app's look changes only when it asks.
  public static let off = BusyFeedback(busy: .off)

  /// The style class a busy control carries.
  public static let busyStyleClass = "clickguard-busy"
  /// The style class a control carries for a moment after a dropped click.
  public static let droppedStyleClass = "clickguard-dropped"
}

extension GtkClickGuard {
  /// The feedback of controls whose ``Control/busyFeedback`` is `nil`.
  public static var busyFeedback: BusyFeedback {
    get { runtime.busyWatch.globalFeedback }
    set { runtime.busyWatch.globalFeedback = newValue }
  }
}
