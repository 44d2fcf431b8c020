/// Where an activation came from.
public enum ActivationSource: String, Sendable {
  /// A person: a mouse click or a key press, with or without an event time.
  case user
  /// The app's own code (`gtk_button_clicked`, `set_active`): not guarded
  /// unless ``GuardConfiguration/guardsProgrammatic`` is set.
  case programmatic
  /// A consequence of another activation in progress, such as a radio button
  /// deactivating the previous member of its group: never guarded, since its
  /// cause was judged already.
  case nested
  /// A held key's auto-repeat activating a shortcut: a repeat made on
  /// purpose (holding Ctrl+Z undoes again and again), never guarded.
  case keyRepeat = "key-repeat"
  /// A person pressing a keyboard shortcut (an accelerator): judged at a
  /// person's pace (``GuardConfiguration/shortcutInterval``), since people
  /// re-tap undo, zoom or next tab on purpose.
  case shortcut
}
