// WeakProbe: whether a GObject was finalized, for tests.

import CGtk

/// Tells whether a GObject was finalized, through a GWeakRef of its own.
@MainActor
final class WeakProbe {
  private let reference = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

  init(_ object: gpointer) {
    reference.initialize(to: GWeakRef())
    g_weak_ref_init(reference, object)
  }

  isolated deinit {
    g_weak_ref_clear(reference)
    reference.deallocate()
  }

  /// Whether the object is gone.
  var isFinalized: Bool {
    guard let object = g_weak_ref_get(reference) else { return true }
    g_object_unref(object)
    return false
  }
}
