// Canary: tells a test that a closure was released.

/// Counts how many canaries were deinitialized: a closure that captured one
/// was released.
final class Canary: Sendable {
  /// Canaries deinitialized so far, in the whole test process.
  nonisolated(unsafe) static var released = 0
  deinit { Canary.released += 1 }
}
