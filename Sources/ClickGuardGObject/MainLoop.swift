import CGLib

/// Swift closures as sources of GLib's default main loop (timeouts, idles,
/// Unix signals), boxed (``ClosureBox``) and released by GLib's destroy
/// notify. Each returns the source's id, for ``remove(_:)``.
@MainActor
package enum MainLoop {
  /// Calls `body` every `ms` milliseconds (at least 1) while it returns true.
  @discardableResult
  package static func every(ms: Int, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
    let data = ClosureBox.retained(body)
    let id = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint(clamping: max(ms, 1)), sourceTrampoline, data, closureBoxDestroyNotify)
    return accepted(id, data)
  }

  /// Calls `body` once, after `ms` milliseconds (at least 1).
  @discardableResult
  package static func after(ms: Int, _ body: @escaping @MainActor () -> Void) -> UInt32 {
    every(ms: ms) {
      body()
      return false
    }
  }

  /// Calls `body` once, the next time the main loop is idle.
  @discardableResult
  package static func idle(_ body: @escaping @MainActor () -> Void) -> UInt32 {
    let data = ClosureBox<@MainActor () -> Bool>.retained {
      body()
      return false
    }
    let id = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, sourceTrampoline, data, closureBoxDestroyNotify)
    return accepted(id, data)
  }

  /// Calls `body` on the main loop each time the process receives `signal`
  /// (one GLib supports: `SIGTERM`, `SIGINT`, `SIGHUP`, `SIGUSR1`, …).
  @discardableResult
  package static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Void) -> UInt32 {
    let data = ClosureBox<@MainActor () -> Bool>.retained {
      body()
      return true
    }
    let id = g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, sourceTrampoline, data, closureBoxDestroyNotify)
    return accepted(id, data)
  }

  /// Removes the source `id` names; 0 or a finished source is ignored.
  package static func remove(_ id: UInt32) {
    guard id != 0, let source = g_main_context_find_source_by_id(nil, id) else { return }
    g_source_destroy(source)
  }

  /// Returns `id`, releasing the box if GLib refused the source.
  private static func accepted(_ id: guint, _ data: gpointer) -> UInt32 {
    if id == 0 { ClosureBox<@MainActor () -> Bool>.release(data) }
    return id
  }
}

/// `gboolean (gpointer data)`: GLib's `GSourceFunc`.
private let sourceTrampoline: GSourceFunc = { data in
  guard let data else { return 0 }
  let box = ClosureBox<@MainActor () -> Bool>.at(data)
  return MainActor.assumeIsolated { box.body() } ? 1 : 0
}
