/// The connection of an action to a control, as `onClick`, `onToggle` and
/// the other action methods return it: keep it only to ``disconnect()``;
/// dropping it leaves the action connected.
@MainActor
public struct ActionConnection {
  let signal: SignalConnection

  package init(_ signal: SignalConnection) {
    self.signal = signal
  }

  /// Whether the widget is alive and the action still connected.
  public var isConnected: Bool { signal.isConnected }

  /// Stops the action, if it still runs.
  public func disconnect() {
    signal.disconnect()
  }
}
