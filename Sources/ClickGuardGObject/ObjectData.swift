import CGLib

/// A Swift object kept on a GObject in its qdata (``ObjectData``): told
/// when the GObject is finalized, just before GLib releases it.
@MainActor
package protocol ObjectAttachment: AnyObject {
  /// The GObject it is attached to is being finalized.
  func objectFinalized()
}

/// An attachment kept under its type's own ``quark``: it finds or attaches itself.
@MainActor
package protocol KeyedObjectAttachment: ObjectAttachment {
  /// The qdata key it is kept under.
  static var quark: GQuark { get }
}

extension KeyedObjectAttachment {
  /// The one attached to `object`, if any.
  package static func existing(on object: gpointer) -> Self? {
    ObjectData.existing(Self.self, on: object, quark: quark)
  }

  /// The one attached to `object`, attached now from `make` if it has none.
  package static func attached(to object: gpointer, making make: () -> Self) -> Self {
    if let attached = existing(on: object) { return attached }
    let made = make()
    ObjectData.attach(made, to: object, quark: quark)
    return made
  }
}

/// Swift objects kept on GObjects in their qdata: retained while the GObject
/// lives, released with a destroy notify when GLib finalizes it.
@MainActor
package enum ObjectData {
  /// The `Value` attached to `object` under `quark`, if any.
  package static func existing<Value: ObjectAttachment>(_: Value.Type, on object: gpointer, quark: GQuark) -> Value? {
    guard let data = g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), quark) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? Value
  }

  /// Attaches `value` to `object` under `quark`, replacing what was there.
  package static func attach(_ value: some ObjectAttachment, to object: gpointer, quark: GQuark) {
    let data = Unmanaged<AnyObject>.passRetained(value).toOpaque()
    g_object_set_qdata_full(object.assumingMemoryBound(to: GObject.self), quark, data, releaseAttachment)
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
