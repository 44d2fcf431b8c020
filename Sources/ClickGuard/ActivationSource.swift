/// Where an activation came from.
public enum ActivationSource: String, Sendable {
  /// A person: a mouse click or a key press, with or without an event time.
  case user
  /// The app's own code (`gtk_button_clicked`, `set_active`): not guarded
  /// unless ``GuardConfiguration/guardsProgrammatic`` is set.
  case programmatic
  /// A consequence of an activation in progress (a radio group's previous member): never guarded.
  case nested
  /// A held key's auto-repeat of a shortcut (holding Ctrl+Z): on purpose, never guarded.
  case keyRepeat = "key-repeat"
  /// A keyboard shortcut, judged at ``GuardConfiguration/shortcutInterval``.
  case shortcut
}
