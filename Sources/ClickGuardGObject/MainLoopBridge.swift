// Runs Swift's main queue (and so the main actor's jobs: `Task { @MainActor }`,
// `await` resumptions) from inside the GLib main loop.

import CGLib

#if canImport(Glibc)
  import Glibc
#endif

/// Makes `await` work in GTK handlers.
///
/// GLib's main loop does not drain libdispatch's main queue, so a
/// `Task { @MainActor in … }` started from a GTK handler never resumes while
/// `gtk_main` runs. The bridge adds libdispatch's main-queue handle (an
/// eventfd on Linux) to the GLib loop and drains the queue when it is
/// readable.
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

/// The bridge's callback, outside the main actor (a closure written in
/// `install()` would be isolated to it and checked at run time on each call).
private let drainMainQueue: @convention(c) (gint, GIOCondition, gpointer?) -> gboolean = { fd, _, _ in
  // libdispatch only writes the eventfd; the loop that waits on it must
  // reset it (CFRunLoop does), or it stays readable and GLib spins on this
  // source, starving redraws and frame-clock ticks.
  var counter: UInt64 = 0
  _ = read(fd, &counter, MemoryLayout<UInt64>.size)
  _dispatch_main_queue_callback_4CF(nil)
  return 1  // G_SOURCE_CONTINUE
}
