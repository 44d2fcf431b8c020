/// A value a C callback receives (a widget, an event), carried into
/// `MainActor.assumeIsolated`: GLib calls back on the main thread, which
/// `assumeIsolated` checks, and the value never leaves the call.
package struct CallbackArgument<Value>: @unchecked Sendable {
  package let value: Value

  package init(_ value: Value) {
    self.value = value
  }
}
