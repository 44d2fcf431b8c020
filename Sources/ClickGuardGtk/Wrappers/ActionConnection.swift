// ActionConnection: what a control's `onClick` and `onToggle` return.

import CGtk

/// The connection of an action to a control, as ``Button``'s `onClick`,
/// ``ToggleButton``'s and ``Switch``'s `onToggle` and the other wrappers'
/// action methods return it.
///
/// Keep it only to stop the action: ``disconnect()``. Dropping it leaves the
/// action connected; the action's closure is released when it is
/// disconnected or the widget is finalized.
@MainActor
public struct ActionConnection {
  /// The handler the action runs in.
  let signal: SignalConnection

  /// Wraps the connection of the handler that runs the action.
  init(_ signal: SignalConnection) {
    self.signal = signal
  }

  /// Whether the action still runs: the widget is alive and the action was
  /// not disconnected.
  public var isConnected: Bool { signal.isConnected }

  /// Stops the action; its closure is released. Does nothing when the widget
  /// was finalized already or the action was disconnected before.
  public func disconnect() {
    signal.disconnect()
  }
}
