// MainThread: entering the main actor from GTK's C callbacks, which GTK only
// ever makes on its own thread, the main one.

import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a main-actor function from a GTK callback.
///
/// `MainActor.assumeIsolated` asks the concurrency runtime which executor is
/// current, a check that costs more than the rest of a routed click's
/// bookkeeping, and wraps its closure for the call. GTK calls every callback
/// on the main thread, and on Linux the main actor's executor is that
/// thread. So the first callback takes the runtime's check and records the
/// thread; later ones compare thread ids and call the function directly.
/// On any other thread the runtime's check runs and stops the process with
/// its message, as `MainActor.assumeIsolated` would.
///
/// The functions are passed as values (a static method, a stored handler),
/// not as closures written at the call: converting a non-escaping closure for
/// the call costs a context, a retain, a release and an escape check per
/// callback.
enum MainThread {
  /// The main thread's `pthread_t`, recorded by the first checked callback;
  /// 0 until then.
  private static let recorded = Atomic<UInt>(0)

  /// Stops the process unless the caller is on the main actor (the runtime's
  /// check, once; then a thread-id compare).
  @inline(__always)
  private static func check() {
    let current = UInt(pthread_self())
    guard current != recorded.load(ordering: .relaxed) else { return }
    MainActor.assumeIsolated { recorded.store(current, ordering: .relaxed) }
  }

  /// Calls `body` on the main actor; the caller must be on the main thread.
  @inline(__always)
  static func run<R>(_ body: @escaping @MainActor () -> R) -> R {
    check()
    // The check passed: call it as the runtime's assumeIsolated does.
    return unsafeBitCast(body, to: (() -> R).self)()
  }

  /// Calls `body` with `argument` on the main actor.
  @inline(__always)
  static func run<A, R>(_ body: @escaping @MainActor (A) -> R, _ argument: A) -> R {
    check()
    return unsafeBitCast(body, to: ((A) -> R).self)(argument)
  }

  /// Calls `body` with two arguments on the main actor.
  @inline(__always)
  static func run<A, B, R>(_ body: @escaping @MainActor (A, B) -> R, _ first: A, _ second: B) -> R {
    check()
    return unsafeBitCast(body, to: ((A, B) -> R).self)(first, second)
  }
}
