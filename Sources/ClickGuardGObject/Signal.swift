import CGLib

/// Connects Swift closures to GObject signals.
///
/// One trampoline and one typed `cg_signal_connect_*` shim per C signature
/// (`G_CALLBACK` is a cast Swift cannot spell). The closure travels boxed
/// (``ClosureBox``) and is released by GLib's destroy notify alone.
@MainActor
package enum Signal {
  /// `void (instance, data)`: `clicked`, `toggled`, `activate`, `changed`.
  @discardableResult
  package static func connect(
    _ instance: gpointer, _ signal: String, after: Bool = false, _ body: @escaping @MainActor (gpointer) -> Void
  ) -> SignalConnection {
    let data = ClosureBox.retained(body)
    let id = cg_signal_connect_void(instance, signal, voidTrampoline, data, closureBoxNotify, flags(after: after))
    if id == 0 { ClosureBox<@MainActor (gpointer) -> Void>.release(data) }
    return SignalConnection(instance: instance, handlerID: id)
  }

  /// `gboolean (instance, gboolean value, data)`: `GtkSwitch::state-set`;
  /// `body` returns the signal's result.
  @discardableResult
  package static func connect(
    _ instance: gpointer, _ signal: String, after: Bool = false,
    boolean body: @escaping @MainActor (gpointer, Bool) -> Bool
  ) -> SignalConnection {
    let data = ClosureBox.retained(body)
    let id = cg_signal_connect_boolean(
      instance, signal, booleanTrampoline, data, closureBoxNotify, flags(after: after))
    if id == 0 { ClosureBox<@MainActor (gpointer, Bool) -> Bool>.release(data) }
    return SignalConnection(instance: instance, handlerID: id)
  }

  /// `void (instance, guint value, data)`: `GtkListView::activate`'s position.
  @discardableResult
  package static func connect(
    _ instance: gpointer, _ signal: String, after: Bool = false,
    uint body: @escaping @MainActor (gpointer, UInt32) -> Void
  ) -> SignalConnection {
    let data = ClosureBox.retained(body)
    let id = cg_signal_connect_uint(instance, signal, uintTrampoline, data, closureBoxNotify, flags(after: after))
    if id == 0 { ClosureBox<@MainActor (gpointer, UInt32) -> Void>.release(data) }
    return SignalConnection(instance: instance, handlerID: id)
  }

  /// `gint (instance, gpointer argument, data)`: `draw`, `handle-local-options`.
  @discardableResult
  package static func connect(
    _ instance: gpointer, _ signal: String, after: Bool = false,
    withArgument body: @escaping @MainActor (gpointer, gpointer?) -> Int32
  ) -> SignalConnection {
    let data = ClosureBox.retained(body)
    let id = cg_signal_connect_pointer(
      instance, signal, pointerTrampoline, data, closureBoxNotify, flags(after: after))
    if id == 0 { ClosureBox<@MainActor (gpointer, gpointer?) -> Int32>.release(data) }
    return SignalConnection(instance: instance, handlerID: id)
  }

  /// `notify::property`: `body` runs each time the property is set.
  @discardableResult
  package static func notify(
    _ instance: gpointer, property: String, _ body: @escaping @MainActor (gpointer) -> Void
  ) -> SignalConnection {
    connect(
      instance, "notify::" + property,
      withArgument: { object, _ in
        body(object)
        return 0
      })
  }

  /// `GFileMonitor::changed`: the file, the other (a rename's new name) and the event.
  @discardableResult
  package static func connectFileChanged(
    _ monitor: gpointer, _ body: @escaping @MainActor (gpointer?, gpointer?, GFileMonitorEvent) -> Void
  ) -> SignalConnection {
    let data = ClosureBox.retained(body)
    let id = cg_signal_connect_file_changed(
      monitor, "changed", fileChangedTrampoline, data, closureBoxNotify, GConnectFlags(rawValue: 0))
    if id == 0 { ClosureBox<@MainActor (gpointer?, gpointer?, GFileMonitorEvent) -> Void>.release(data) }
    return SignalConnection(instance: monitor, handlerID: id)
  }

  /// Blocks every unblocked handler of `signalID` on `instance`, for a drop
  /// whose emission has begun; returns them, to unblock after it.
  package static func blockHandlers(of instance: gpointer, signalID: guint) -> [gulong] {
    // One at a time: GLib blocks in bulk only by closure, function or data.
    var blocked: [gulong] = []
    let unblocked = GSignalMatchType(G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue)
    while case let id = g_signal_handler_find(instance, unblocked, signalID, 0, nil, nil, nil), id != 0 {
      g_signal_handler_block(instance, id)
      blocked.append(id)
    }
    return blocked
  }

  /// Unblocks the handlers `ids` of `instance` that are still connected.
  package static func unblockHandlers(_ ids: [gulong], of instance: gpointer) {
    for id in ids where g_signal_handler_is_connected(instance, id) != 0 { g_signal_handler_unblock(instance, id) }
  }

  private static func flags(after: Bool) -> GConnectFlags {
    after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
  }
}

// GLib calls the trampolines on the main thread, which `assumeIsolated`
// checks; its pointers cross in a `CallbackArgument`.

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { instance, data in
  guard let instance, let data else { return }
  let box = ClosureBox<@MainActor (gpointer) -> Void>.at(data)
  let object = CallbackArgument(instance)
  MainActor.assumeIsolated { box.body(object.value) }
}

private let booleanTrampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { instance, value, data in
  guard let instance, let data else { return 0 }
  let box = ClosureBox<@MainActor (gpointer, Bool) -> Bool>.at(data)
  let object = CallbackArgument(instance)
  return MainActor.assumeIsolated { box.body(object.value, value != 0) } ? 1 : 0
}

private let uintTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { instance, value, data in
  guard let instance, let data else { return }
  let box = ClosureBox<@MainActor (gpointer, UInt32) -> Void>.at(data)
  let object = CallbackArgument(instance)
  MainActor.assumeIsolated { box.body(object.value, value) }
}

private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { instance, argument, data in
  guard let instance, let data else { return 0 }
  let box = ClosureBox<@MainActor (gpointer, gpointer?) -> Int32>.at(data)
  let arguments = CallbackArgument((instance, argument))
  return MainActor.assumeIsolated { box.body(arguments.value.0, arguments.value.1) }
}

private let fileChangedTrampoline:
  @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void =
    { _, file, other, event, data in
      guard let data else { return }
      let box = ClosureBox<@MainActor (gpointer?, gpointer?, GFileMonitorEvent) -> Void>.at(data)
      let files = CallbackArgument((file, other))
      MainActor.assumeIsolated { box.body(files.value.0, files.value.1, event) }
    }
