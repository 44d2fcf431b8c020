// ManualClock: a standard-library Clock that moves only when a test says so.

import Synchronization

/// A clock for tests, in the manner of swift-clocks' `TestClock`: time
/// stands still until ``advance(by:)`` or ``advance(to:)`` moves it, and
/// sleepers wake when it passes their deadline.
package final class ManualClock: Clock {
  /// An instant of the manual clock: the time since it started.
  package struct Instant: InstantProtocol {
    package var offset: Duration

    package init(offset: Duration) {
      self.offset = offset
    }

    package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    package func duration(to other: Instant) -> Duration { other.offset - offset }
    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct State {
    var now: Instant
    var sleepers: [(deadline: Instant, wake: CheckedContinuation<Void, Never>)] = []
  }

  private let state: Mutex<State>

  /// A clock that reads `start` (since its origin).
  package init(start: Duration = .zero) {
    state = Mutex(State(now: Instant(offset: start)))
  }

  package var now: Instant { state.withLock { $0.now } }

  package var minimumResolution: Duration { .zero }

  package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    await withCheckedContinuation { wake in
      let due = state.withLock { state in
        guard deadline > state.now else { return true }
        state.sleepers.append((deadline, wake))
        return false
      }
      if due { wake.resume() }
    }
    try Task.checkCancellation()
  }

  /// Moves the clock forward by `duration`; a negative one is ignored: a
  /// monotonic clock never goes back.
  package func advance(by duration: Duration) {
    advance(to: now.advanced(by: max(duration, .zero)))
  }

  /// Moves the clock to `instant` if that is later than now.
  package func advance(to instant: Instant) {
    let woken = state.withLock { state in
      state.now = max(state.now, instant)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due.map(\.wake)
    }
    for wake in woken { wake.resume() }
  }
}
