import CGLib

/// GLib emission hooks, bound once: a hook sees every emission of a signal,
/// on every instance of its type, after the run-first class closure and
/// before any handler. It observes; it cannot stop the emission.
///
/// One trampoline serves every hook. The closure travels boxed
/// (``ClosureBox``) as the hook's data and is released by GLib's destroy
/// notify when the hook is removed, which happens when the closure returns
/// `false`.
@MainActor
package enum EmissionHook {
  /// One emission as a hook sees it.
  package struct Emission {
    /// The signal being emitted.
    package var signalID: guint
    /// The instance it is emitted on.
    package var instance: gpointer
    /// The emission's parameters: the instance first, then the signal's
    /// arguments.
    package var parameters: UnsafeBufferPointer<GValue>
  }

  /// Adds `body` as an emission hook of `signal` on `type`, whose class
  /// must be initialised. `body` returns whether the hook stays.
  package static func add(_ signal: String, on type: GType, _ body: @escaping @MainActor (Emission) -> Bool) {
    let data = ClosureBox<@MainActor (Emission) -> Bool>.retained(body)
    g_signal_add_emission_hook(g_signal_lookup(signal, type), 0, emissionTrampoline, data, closureBoxDestroyNotify)
  }
}

/// `gboolean (GSignalInvocationHint *, guint n_values, const GValue *values, gpointer data)`.
private let emissionTrampoline: GSignalEmissionHook = { hint, count, values, data in
  guard let hint, count > 0, let values, let data, let instance = g_value_get_object(values) else { return 1 }
  let box = ClosureBox<@MainActor (EmissionHook.Emission) -> Bool>.at(data)
  let emission = CallbackArgument(
    EmissionHook.Emission(
      signalID: hint.pointee.signal_id, instance: instance,
      parameters: UnsafeBufferPointer(start: values, count: Int(count))))
  // GLib emits GTK's signals on GTK's thread, the main one.
  return MainActor.assumeIsolated { box.body(emission.value) } ? 1 : 0
}
