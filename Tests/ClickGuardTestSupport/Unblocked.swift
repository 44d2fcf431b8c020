// unblocked: a call that must not block, run so that blocking fails a test
// instead of hanging the run.

import Dispatch
import Foundation

/// Runs `body` on a thread of its own and returns its result, or `nil` when
/// it had not returned after `seconds`: a call that blocks (a FIFO opened
/// for reading waits for a writer) fails the test that asked instead of
/// hanging it. The bound is no speed check: a call that does not block
/// returns in well under it. A call that did block is left on its thread.
package func unblocked<Result: Sendable>(
  within seconds: Double = 10, _ body: @escaping @Sendable () -> Result
) -> Result? {
  let box = ResultBox<Result>()
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    let result = body()
    box.lock.withLock { box.result = result }
    done.signal()
  }
  guard done.wait(timeout: .now() + seconds) == .success else { return nil }
  return box.lock.withLock { box.result }
}

/// Where the thread of ``unblocked(within:_:)`` leaves its result.
private final class ResultBox<Result: Sendable>: @unchecked Sendable {
  let lock = NSLock()
  var result: Result?
}
