/// A value GLib or GTK passes to a C callback (a widget, an event), carried
/// into `MainActor.assumeIsolated`.
///
/// GLib pointers are not `Sendable`, so the compiler cannot tell that
/// handing one to the main actor stays on one thread. It does: GTK calls
/// back on the main thread, `assumeIsolated` checks that before the value is
/// used, and the value never leaves the call.
package struct CallbackArgument<Value>: @unchecked Sendable {
  /// The value as the callback received it.
  package let value: Value

  /// Carries `value`.
  package init(_ value: Value) {
    self.value = value
  }
}
