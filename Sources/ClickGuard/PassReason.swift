/// Why an activation was let through without being judged.
public enum PassReason: String, Sendable, CaseIterable {
  /// The guard is off (``GuardMode/off``).
  case guardOff = "guard-off"
  /// The control opted out (``ControlPolicy/exempt``).
  case exempt
  /// The control's kind is skipped (toggles and switches by default).
  case kindSkipped = "kind-skipped"
  /// The app's own code activated it.
  case programmatic
  /// A consequence of another activation in progress.
  case nested
  /// A held key's auto-repeat on a shortcut.
  case keyRepeat = "key-repeat"
}
