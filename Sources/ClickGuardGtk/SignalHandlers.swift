// Thin signal plumbing: one C trampoline per signal signature, each handing
// the call to a boxed Swift closure that GLib retains and releases through
// the connection's destroy notify.

import CGtk

/// A connected signal handler: the instance and GLib's handler id.
public struct SignalConnection: Hashable, Sendable {
  /// The instance's address.
  let instance: UInt
  /// GLib's handler id (never 0 for a live connection).
  public let handlerID: UInt

  /// Disconnects the handler; GLib then releases its closure. Call it only
  /// while the instance is alive; a handler already gone is ignored.
  @MainActor
  public func disconnect() {
    guard let pointer = UnsafeMutableRawPointer(bitPattern: instance) else { return }
    if g_signal_handler_is_connected(pointer, gulong(handlerID)) != 0 {
      g_signal_handler_disconnect(pointer, gulong(handlerID))
    }
  }
}

/// Holds a closure for GLib; released by ``releaseBox``. Immutable, and its
/// closure is only ever called on the main actor (GTK's thread), hence the
/// unchecked conformance.
final class HandlerBox<Body>: @unchecked Sendable {
  let body: Body
  init(_ body: Body) { self.body = body }
}

/// GLib's destroy notify for every box: drops the retain taken at connect.
private let releaseBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// `void (*)(gpointer instance, gpointer data)`: `clicked`, `toggled`,
/// `activate`, `destroy`, `map`.
typealias VoidHandler = @MainActor (gpointer) -> Void
private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { instance, data in
  guard let instance, let data else { return }
  let box = Unmanaged<HandlerBox<VoidHandler>>.fromOpaque(data).takeUnretainedValue()
  // GLib calls handlers on the thread that emits; GTK emits on its own thread.
  let object = CallbackArgument(instance)
  MainActor.assumeIsolated { box.body(object.value) }
}

/// `gboolean (*)(gpointer instance, gboolean value, gpointer data)`:
/// `GtkSwitch::state-set`.
typealias BoolArgumentHandler = @MainActor (gpointer, Bool) -> Bool
private let boolArgumentTrampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = {
  instance, value, data in
  guard let instance, let data else { return 0 }
  let box = Unmanaged<HandlerBox<BoolArgumentHandler>>.fromOpaque(data).takeUnretainedValue()
  let object = CallbackArgument(instance)
  return MainActor.assumeIsolated { box.body(object.value, value != 0) } ? 1 : 0
}

/// `void (*)(GObject *, GParamSpec *, gpointer data)`: `notify::property`.
private let notifyTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { instance, _, data in
  guard let instance, let data else { return }
  let box = Unmanaged<HandlerBox<VoidHandler>>.fromOpaque(data).takeUnretainedValue()
  // GLib calls handlers on the thread that emits; GTK emits on its own thread.
  let object = CallbackArgument(instance)
  MainActor.assumeIsolated { box.body(object.value) }
}

/// Connects `body` to a `void (instance)` signal such as `clicked`.
@MainActor
@discardableResult
func connectSignal(
  _ instance: gpointer, _ signal: String, after: Bool = false, _ body: @escaping VoidHandler
) -> SignalConnection {
  connect(instance, signal, unsafeBitCast(voidTrampoline, to: GCallback.self), HandlerBox(body), after: after)
}

/// Connects `body` to a `gboolean (instance, gboolean)` signal such as
/// `state-set`.
@MainActor
@discardableResult
func connectSignal(
  _ instance: gpointer, _ signal: String, after: Bool = false, _ body: @escaping BoolArgumentHandler
) -> SignalConnection {
  connect(instance, signal, unsafeBitCast(boolArgumentTrampoline, to: GCallback.self), HandlerBox(body), after: after)
}

/// Connects `body` to `notify::property`.
@MainActor
@discardableResult
func connectNotify(_ instance: gpointer, property: String, _ body: @escaping VoidHandler) -> SignalConnection {
  connect(
    instance, "notify::" + property, unsafeBitCast(notifyTrampoline, to: GCallback.self), HandlerBox(body),
    after: false)
}

@MainActor
private func connect(
  _ instance: gpointer, _ signal: String, _ callback: GCallback, _ box: AnyObject, after: Bool
) -> SignalConnection {
  let data = Unmanaged.passRetained(box).toOpaque()
  let id = g_signal_connect_data(
    instance, signal, callback, data, releaseBox, after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
  if id == 0 {
    // GLib refused (unknown signal) and never takes ownership of the box.
    Unmanaged<AnyObject>.fromOpaque(data).release()
  }
  return SignalConnection(instance: UInt(bitPattern: instance), handlerID: UInt(id))
}
