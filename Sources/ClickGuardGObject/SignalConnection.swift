import CGLib

/// A connected signal handler, as ``Signal`` returns it. It holds its
/// instance weakly (`GWeakRef`), so ``disconnect()`` is safe after the
/// instance is finalized; dropping it leaves the handler connected.
package final class SignalConnection {
  /// On the heap: `GWeakRef` must not move. `nil` when GLib refused.
  private let instance: UnsafeMutablePointer<GWeakRef>?

  /// GLib's handler id; 0 when GLib refused the connection.
  package let handlerID: UInt

  /// Records a connection `g_signal_connect_data` returned.
  package init(instance: gpointer, handlerID: gulong) {
    self.handlerID = UInt(handlerID)
    guard handlerID != 0 else {
      self.instance = nil
      return
    }
    let reference = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
    reference.initialize(to: GWeakRef())
    g_weak_ref_init(reference, instance)
    self.instance = reference
  }

  /// Whether the instance is alive and the handler still connected.
  @MainActor
  package var isConnected: Bool {
    guard let instance, let object = g_weak_ref_get(instance) else { return false }
    defer { g_object_unref(object) }
    return g_signal_handler_is_connected(object, gulong(handlerID)) != 0
  }

  /// Disconnects the handler, if it is still there.
  @MainActor
  package func disconnect() {
    guard let instance, let object = g_weak_ref_get(instance) else { return }
    if g_signal_handler_is_connected(object, gulong(handlerID)) != 0 {
      g_signal_handler_disconnect(object, gulong(handlerID))
    }
    // Nothing left to reach: let the instance drop its weak-reference entry.
    g_weak_ref_set(instance, nil)
    g_object_unref(object)
  }

  deinit {
    guard let instance else { return }
    g_weak_ref_clear(instance)
    instance.deinitialize(count: 1)
    instance.deallocate()
  }
}
