import ClickGuard

#if canImport(Glibc)
  import Glibc
#endif

/// Blocks the calling thread for exactly the time asked: the lag the demo
/// and the module inject to try the guard by hand.
///
/// It sleeps until a deadline on the monotonic clock, and sleeps again
/// after a signal interrupts it, so a signal cannot cut the lag short and a
/// wall-clock change cannot stretch it.
package enum InjectedStall {
  /// Blocks for `length`.
  package static func block(for length: ClickInterval) {
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    let total = Int(deadline.tv_nsec) + Int(length.milliseconds % 1000) * 1_000_000
    deadline.tv_sec += Int(length.milliseconds / 1000) + total / 1_000_000_000
    deadline.tv_nsec = total % 1_000_000_000
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
  }
}
