#if canImport(Glibc)
  import Glibc
#endif

/// Runs a write to a pipe or socket so that a reader that went away makes
/// it fail with `EPIPE` instead of sending the `SIGPIPE` that ends the
/// process: the host app leaves SIGPIPE at its default, and a log must not
/// change that or kill it.
///
/// `SIGPIPE` is blocked in this thread around the write; one the write
/// raised is then taken off the pending set (`sigtimedwait`, no wait), and
/// the thread's mask is put back. One that was already pending before is
/// left for the app.
package enum BrokenPipeShield {
  /// Runs `write`, which returns what `write(2)` does.
  package static func run(_ write: () -> Int) -> Int {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var pending = sigset_t()
    sigpending(&pending)
    let wasPending = sigismember(&pending, SIGPIPE) == 1
    let result = write()
    let error = errno
    if result < 0, error == EPIPE, !wasPending {
      var now = timespec(tv_sec: 0, tv_nsec: 0)
      _ = sigtimedwait(&pipeSignal, nil, &now)
    }
    errno = error
    return result
  }
}
