// MainThread: entering the main actor from GTK's C callbacks, which GTK only
// ever makes on its own thread, the main one.

import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the body of a GTK callback isolated to the main actor.
///
/// `MainActor.assumeIsolated` asks the concurrency runtime which executor is
/// current, a check that costs more than the rest of a routed click's
/// bookkeeping; GTK calls every callback on the main thread, and on Linux the
/// main actor's executor is that thread. So the first callback takes the
/// runtime's check and records the thread; later ones compare thread ids.
/// On any other thread the runtime's check runs and stops the process with
/// its message, as `MainActor.assumeIsolated` would.
enum MainThread {
  /// The main thread's `pthread_t`, recorded by the first checked callback;
  /// 0 until then.
  private static let recorded = Atomic<UInt>(0)

  /// Runs `body` on the main actor; the caller must be on the main thread.
  @inline(__always)
  static func assumeIsolated<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
    let current = UInt(pthread_self())
    guard current == recorded.load(ordering: .relaxed) else {
      return try MainActor.assumeIsolated {
        recorded.store(current, ordering: .relaxed)
        return try body()
      }
    }
    // The check passed before on this very thread: run the body as the
    // runtime's own assumeIsolated does once its check has passed.
    return try withoutActuallyEscaping(body) { isolated in
      try unsafeBitCast(isolated, to: (() throws -> T).self)()
    }
  }
}
