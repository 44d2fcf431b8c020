import CGLib

#if canImport(Glibc)
  import Glibc
#endif

/// Makes `await` work in GTK handlers.
///
/// GLib's main loop does not drain libdispatch's main queue, so the bridge
/// adds the queue's eventfd to the GLib loop and drains it when readable.
@MainActor
package enum MainLoopBridge {
  private static var sourceID: guint = 0

  /// Whether the bridge is in the GLib loop.
  package static var isInstalled: Bool { sourceID != 0 }

  /// Adds the bridge to the default GLib main context. Idempotent.
  package static func install() {
    guard sourceID == 0 else { return }
    let fd = _dispatch_get_main_queue_handle_4CF()
    guard fd >= 0 else { return }
    sourceID = g_unix_fd_add(fd, G_IO_IN, drainMainQueue, nil)
  }
}

/// Outside the main actor: a closure in `install()` would be isolation-checked on each call.
private let drainMainQueue: @convention(c) (gint, GIOCondition, gpointer?) -> gboolean = { fd, _, _ in
  // The waiting loop must reset the eventfd, or GLib spins on this source.
  var counter: UInt64 = 0
  _ = read(fd, &counter, MemoryLayout<UInt64>.size)
  _dispatch_main_queue_callback_4CF(nil)
  return 1  // G_SOURCE_CONTINUE
}
