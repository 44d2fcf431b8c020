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
  /// The input event's own timestamp, when there is one.
  public var eventTime: EventTimestamp?
  /// Where the activation came from.
  public var source: ActivationSource

  /// Describes an activation.
  public init(
    control: ControlID, action: ActionName = .clicked, kind: ControlKind = .button,
    settings: ControlSettings = ControlSettings(), eventTime: EventTimestamp? = nil,
    source: ActivationSource = .user
  ) {
    self.control = control
    self.action = action
    self.kind = kind
    self.settings = settings
    self.eventTime = eventTime
    self.source = source
  }
}
