/// One activation of a control, as the dispatcher judges it.
public struct Activation: Sendable {
  public var control: ControlID
  public var action: ActionName
  public var kind: ControlKind
  public var settings: ControlSettings
  /// The timestamp of the input event the activation was made by (the click,
  /// or the key event GTK acted on): the event-time window is measured from it.
  public var eventTime: EventTimestamp?
  /// When the key or button went down, if before ``eventTime``: a held key's
  /// auto-repeats keep it, and a click's pace is measured from it.
  public var pressTime: EventTimestamp?
  public var source: ActivationSource
  /// What the toolkit saw of the control (``RepeatFacts``); `nil`: no repeat within the window.
  public var repeatFacts: RepeatFacts?

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
