import CGtk

/// The key values that activate what has the keyboard focus: one list for
/// the fence (which drops a key press made for fresh content) and the key
/// filter (which judges an entry's Enter), so the two agree on which keys
/// count.
enum ActivationKeys {
  /// Return and the keypad's and ISO Enter: the keys GtkEntry binds to
  /// `activate`, and that activate a focused button.
  static let enter: Set<UInt32> = [
    UInt32(GDK_KEY_Return), UInt32(GDK_KEY_KP_Enter), UInt32(GDK_KEY_ISO_Enter),
  ]
}
