import ClickGuard

/// Who made an activation, and when by the input events' own clock: what
/// every activation path hands ``ActivationJudge``.
///
/// A key's activation carries two times: the event GTK acted on (its
/// release, its press, or the moment its activate timeout fired while it
/// was held), from which the event-time window runs, and when the key went
/// down, which a held key's auto-repeats keep, so they count as that one
/// press. Clicks carry their event time only.
struct InputAttribution {
  var source: ActivationSource
  /// The event the activation was made by, if known.
  var eventTime: EventTimestamp?
  /// When the key behind it went down, for a key's activation.
  var pressTime: EventTimestamp?

  /// The app's own code: no input behind it.
  static let programmatic = InputAttribution(source: .programmatic)

  /// Input without a held key behind it (a click, a key's auto-repeat on an
  /// accelerator, a nested activation) stamped `time` (GDK's `0` is none).
  static func stamped(_ source: ActivationSource = .user, time: UInt32) -> InputAttribution {
    InputAttribution(source: source, eventTime: EventTimestamp(gdkTime: time))
  }
}
