// Signal: Swift closures as GObject signal handlers, through one C trampoline
// per handler signature.

import CGLib

/// Connects Swift closures to GObject signals.
///
/// Each C handler signature ClickGuard and its demo use has one trampoline
/// here, and one typed `cg_signal_connect_*` helper in the CGtk shim that
/// turns it into a `GCallback` (`G_CALLBACK` is a cast Swift cannot spell).
/// The closure travels boxed (``ClosureBox``) as the handler's user data and
/// is released by GLib's destroy notify alone: when the handler is
/// disconnected or the instance is finalized, or at once if GLib refuses the
/// connection. GTK emits on its own thread, the main actor's, and the
/// trampolines enter the main actor with `MainActor.assumeIsolated`.
@MainActor
package enum Signal {
  /// Connects `body` to a signal whose C handler is
  /// `void (gpointer instance, gpointer data)`: `clicked`, `toggled`,
  /// `activate`, `changed`, `value-changed`, `shutdown`.
  /// - Parameters:
  ///   - instance: the GObject that emits `signal`.
  ///   - signal: the signal's name, as GLib spells it.
  ///   - after: whether to run after the class handler (`G_CONNECT_AFTER`).
  ///   - body: called with the instance on each emission.
  /// - Returns: the connection; keep it only to disconnect.
  @discardableResult
  package static func connect(
    _ instance: gpointer, _ signal: String, after: Bool = false, _ body: @escaping @MainActor (gpointer) -> Void
  ) -> SignalConnection {
    let data = ClosureBox.retained(body)
    let id = cg_signal_connect_void(instance, signal, voidTrampoline, data, closureBoxNotify, flags(after: after))
    if id == 0 { ClosureBox<@MainActor (gpointer) -> Void>.release(data) }
    return SignalConnection(instance: instance, handlerID: id)
  }

  /// Connects `body` to a signal whose C handler is
  /// `gboolean (gpointer instance, gboolean value, gpointer data)`:
  /// `GtkSwitch::state-set`.
  /// - Parameters:
  ///   - instance: the GObject that emits `signal`.
  ///   - signal: the signal's name, as GLib spells it.
  ///   - after: whether to run after the class handler (`G_CONNECT_AFTER`).
  ///   - body: called with the instance and the value; returns the signal's
  ///     boolean result (for `state-set`: true when handled).
  /// - Returns: the connection; keep it only to disconnect.
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

  /// Connects `body` to a signal whose C handler is
  /// `gint (gpointer instance, gpointer argument, gpointer data)`: `draw`,
  /// `handle-local-options`, and signals with one pointer argument and no
  /// result (`notify`, `GSimpleAction::activate`), which ignore the value.
  /// - Parameters:
  ///   - instance: the GObject that emits `signal`.
  ///   - signal: the signal's name, as GLib spells it.
  ///   - after: whether to run after the class handler (`G_CONNECT_AFTER`).
  ///   - body: called with the instance and the argument; returns the
  ///     signal's result.
  /// - Returns: the connection; keep it only to disconnect.
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

  /// Connects `body` to `notify::property`: called with the instance each
  /// time the property's value is set.
  /// - Parameters:
  ///   - instance: the GObject whose property to watch.
  ///   - property: the property's name (`"active"`).
  ///   - body: called with the instance.
  /// - Returns: the connection; keep it only to disconnect.
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

  /// Connects `body` to `GFileMonitor::changed`, whose C handler is
  /// `void (gpointer monitor, GFile *file, GFile *other, GFileMonitorEvent
  /// event, gpointer data)`.
  /// - Parameters:
  ///   - monitor: the GFileMonitor.
  ///   - body: called with the file the event is about, the other file (a
  ///     rename's new name, or `nil`) and the event.
  /// - Returns: the connection; keep it only to disconnect.
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

  /// Blocks every handler of signal `signalID` on `instance` not blocked
  /// already, for a dropped activation whose emission has begun.
  /// - Returns: the handlers blocked, to unblock once the emission is over.
  package static func blockHandlers(of instance: gpointer, signalID: guint) -> [gulong] {
    // One at a time: GLib blocks handlers in bulk only by closure, function
    // or data.
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

// The trampolines carry GLib's pointers into the main actor in a
// `CallbackArgument`: GLib calls them on the main thread, which
// `assumeIsolated` checks.

/// `void (gpointer instance, gpointer data)`.
private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { instance, data in
  guard let instance, let data else { return }
  let box = ClosureBox<@MainActor (gpointer) -> Void>.at(data)
  let object = CallbackArgument(instance)
  MainActor.assumeIsolated { box.body(object.value) }
}

/// `gboolean (gpointer instance, gboolean value, gpointer data)`.
private let booleanTrampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { instance, value, data in
  guard let instance, let data else { return 0 }
  let box = ClosureBox<@MainActor (gpointer, Bool) -> Bool>.at(data)
  let object = CallbackArgument(instance)
  return MainActor.assumeIsolated { box.body(object.value, value != 0) } ? 1 : 0
}

/// `gint (gpointer instance, gpointer argument, gpointer data)`.
private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { instance, argument, data in
  guard let instance, let data else { return 0 }
  let box = ClosureBox<@MainActor (gpointer, gpointer?) -> Int32>.at(data)
  let arguments = CallbackArgument((instance, argument))
  return MainActor.assumeIsolated { box.body(arguments.value.0, arguments.value.1) }
}

/// `void (gpointer monitor, gpointer file, gpointer other, GFileMonitorEvent event, gpointer data)`.
private let fileChangedTrampoline:
  @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void =
    { _, file, other, event, data in
      guard let data else { return }
      let box = ClosureBox<@MainActor (gpointer?, gpointer?, GFileMonitorEvent) -> Void>.at(data)
      let files = CallbackArgument((file, other))
      MainActor.assumeIsolated { box.body(files.value.0, files.value.1, event) }
    }
