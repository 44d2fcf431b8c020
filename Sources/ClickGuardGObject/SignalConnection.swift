// SignalConnection: one signal handler GLib holds, and a weak reference to
// the instance it is connected on, so that disconnecting is safe whenever it
// happens.

import CGLib

/// A connected signal handler, as ``Signal`` returns it.
///
/// The connection does not keep its instance alive, and does not need it to
/// stay alive: it holds a `GWeakRef`, which GLib clears when the instance is
/// finalized. ``disconnect()`` after that does nothing, where calling
/// `g_signal_handler_disconnect` on a freed address would be a GLib critical
/// or worse. The handler's closure is GLib's to release (its destroy notify),
/// not the connection's: dropping a connection leaves the handler connected.
package final class SignalConnection {
  /// A weak reference to the instance. `GWeakRef` must not move while GLib
  /// knows it, hence on the heap. `nil` when GLib refused the connection.
  private let instance: UnsafeMutablePointer<GWeakRef>?

  /// GLib's handler id; 0 when GLib refused the connection (an unknown
  /// signal, say).
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

  /// Whether the handler is still connected: the instance is alive and the
  /// handler was not disconnected.
  @MainActor
  package var isConnected: Bool {
    guard let instance, let object = g_weak_ref_get(instance) else { return false }
    defer { g_object_unref(object) }
    return g_signal_handler_is_connected(object, gulong(handlerID)) != 0
  }

  /// Disconnects the handler; GLib then releases its closure. Does nothing
  /// when the instance was finalized or the handler is gone already.
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
