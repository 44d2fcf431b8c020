/// One activation of a control, as the dispatcher judges it.
public struct Activation: Sendable {
  /// The control.
  public var control: ControlID
  /// The action it performs.
  public var action: ActionName
  /// The control's kind.
  public var kind: ControlKind
  /// The control's own settings.
  public var settings: ControlSettings
  /// The timestamp of the input event the activation was made by, when
  /// there is one: the click, or the key event GTK acted on (a key's
  /// release, or its press for a key that acts on press). The event-time
  /// window is measured from it.
  public var eventTime: EventTimestamp?
  /// When the key or button behind the activation went down, when that was
  /// before ``eventTime``: a held key's auto-repeats keep its first press's
  /// time, so an activation whose key went down no later than the accepted
  /// one's ``eventTime`` is that key still held; a click's press is where
  /// its pace is measured from, since a bounce is a run of presses.
  public var pressTime: EventTimestamp?
  /// Where the activation came from.
  public var source: ActivationSource
  /// What the toolkit saw of the control at this press, when it looked:
  /// the facts the repeat rule reads (``RepeatFacts``). `nil`: no repeat
  /// is accepted within the window.
  public var repeatFacts: RepeatFacts?

  /// Describes an activation.
  public init(
    control: ControlID, action: ActionName = .clicked, kind: ControlKind = .button,
    settings: ControlSettings = ControlSettings(), eventTime: EventTimestamp? = nil,
    pressTime: EventTimestamp? = nil, source: ActivationSource = .user, repeatFacts: RepeatFacts? = nil
  ) {
    self.control = control
    self.action = action
    self.kind = kind
    self.settings = settings
    self.eventTime = eventTime
    self.pressTime = pressTime
    self.source = source
    self.repeatFacts = repeatFacts
  }
}
