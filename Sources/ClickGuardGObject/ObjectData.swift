import CGLib

/// A Swift object kept on a GObject in its qdata, under its type's
/// ``quark``: retained while the GObject lives, released with a destroy
/// notify when GLib finalizes it, and told just before.
@MainActor
package protocol ObjectAttachment: AnyObject {
  /// The qdata key it is kept under.
  static var quark: GQuark { get }
  /// The GObject it is attached to is being finalized.
  func objectFinalized()
}

extension ObjectAttachment {
  /// The one attached to `object`, if any.
  package static func existing(on object: gpointer) -> Self? {
    guard let data = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), quark) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? Self
  }

  /// The one attached to `object`, attached now from `make` if it has none.
  package static func attached(to object: gpointer, making make: () -> Self) -> Self {
    if let attached = existing(on: object) { return attached }
    let made = make()
    let data = Unmanaged<AnyObject>.passRetained(made).toOpaque()
    g_object_set_qdata_full(object.assumingMemoryBound(to: GObject.self), quark, data, releaseAttachment)
    return made
  }
}

/// The qdata destroy notify: the GObject is being finalized, on the main
/// thread (GTK's objects are).
private let releaseAttachment: @convention(c) (gpointer?) -> Void = { data in
  guard let data else { return }
  let attachment = CallbackArgument(Unmanaged<AnyObject>.fromOpaque(data))
  MainActor.assumeIsolated { (attachment.value.takeUnretainedValue() as? any ObjectAttachment)?.objectFinalized() }
  attachment.value.release()
}
