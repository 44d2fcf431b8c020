/// The key values that activate what has the keyboard focus: one list for
/// both layers' fences (which drop such a key pressed for fresh content) and
/// the GTK 3 key filter (which judges an entry's Enter), so they agree on
/// which keys count. GDK's key values are X keysyms in GTK 3 and GTK 4 alike.
package enum ActivationKeys {
  /// Return and the keypad's and ISO Enter (`GDK_KEY_Return`,
  /// `GDK_KEY_KP_Enter`, `GDK_KEY_ISO_Enter`): the keys GtkEntry binds to
  /// `activate`, and that activate a focused button.
  package static let enter: Set<UInt32> = [0xff0d, 0xff8d, 0xfe34]
  /// Space and the keypad's (`GDK_KEY_space`, `GDK_KEY_KP_Space`): they
  /// activate a focused button, and type into text.
  package static let space: Set<UInt32> = [0x20, 0xff80]
}
