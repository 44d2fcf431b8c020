// onMain: how an XCTest method steps onto the main actor.

/// Runs `body` on the main actor. XCTest on Linux runs test methods on the
/// main thread but cannot call `@MainActor` test methods (it crashes casting
/// them), so tests are plain methods that step onto the main actor here.
/// Traps when called off the main thread.
package func onMain(_ body: @MainActor () throws -> Void) rethrows {
  try MainActor.assumeIsolated(body)
}
