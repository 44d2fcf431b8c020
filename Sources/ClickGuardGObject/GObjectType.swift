// GObjectType: the GObject type checks GTK spells as macros.

import CGLib

/// Type checks on GObject instances (`G_TYPE_CHECK_INSTANCE_TYPE`,
/// `GTK_IS_BUTTON` and friends are macros, which Swift does not import).
package enum GObjectType {
  /// Whether `instance` is a `type` or one of its subtypes; false for `nil`.
  package static func isA(_ instance: gpointer?, _ type: GType) -> Bool {
    guard let instance else { return false }
    return cg_is_a(instance, type) != 0
  }
}
