// MainLoop: Swift closures as GLib main-loop sources (timeouts, idles, Unix
// signals), through one C trampoline.

import CGLib

/// Adds Swift closures to GLib's default main loop as sources.
///
/// Each closure travels boxed (``ClosureBox``) as the source's user data and
/// is released by GLib's destroy notify alone: when the source is removed or
/// its closure says to stop. The sources run on the main loop's thread, the
/// main actor's, and the trampoline enters the main actor with
/// `MainActor.assumeIsolated`.
@MainActor
package enum MainLoop {
  /// Calls `body` every `ms` milliseconds (at least 1) while it returns true.
  /// - Returns: the source's id, for ``remove(_:)``.
  @discardableResult
  package static func every(ms: Int, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
    let data = ClosureBox.retained(body)
    let id = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint(clamping: max(ms, 1)), sourceTrampoline, data, closureBoxDestroyNotify)
    return accepted(id, data)
  }

  /// Calls `body` once, after `ms` milliseconds (at least 1).
  /// - Returns: the source's id, for ``remove(_:)``.
  @discardableResult
  package static func after(ms: Int, _ body: @escaping @MainActor () -> Void) -> UInt32 {
    every(ms: ms) {
      body()
      return false
    }
  }

  /// Calls `body` once, the next time the main loop is idle.
  /// - Returns: the source's id, for ``remove(_:)``.
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
  /// (`SIGTERM`, `SIGINT`, `SIGHUP`, `SIGUSR1`, `SIGUSR2`, `SIGWINCH`: the
  /// ones GLib supports), instead of in a signal handler.
  /// - Returns: the source's id, for ``remove(_:)``.
  @discardableResult
  package static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Void) -> UInt32 {
    let data = ClosureBox<@MainActor () -> Bool>.retained {
      body()
      return true
    }
    let id = g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, sourceTrampoline, data, closureBoxDestroyNotify)
    return accepted(id, data)
  }

  /// Removes the source `id` names; GLib then releases its closure. An id of
  /// 0, or of a source that has finished, is ignored (`g_source_remove` would
  /// print a critical).
  package static func remove(_ id: UInt32) {
    guard id != 0, let source = g_main_context_find_source_by_id(nil, id) else { return }
    g_source_destroy(source)
  }

  /// Returns `id`, releasing the box at once if GLib refused the source (id
  /// 0: no destroy notify will come).
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
