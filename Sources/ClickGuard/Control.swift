// What the dispatcher knows about a control: its identity, kind, the name of
// the action being activated, and its per-control settings.

/// The identity of one control, for example a GObject's address.
///
/// The dispatcher's tables key gates by it. Tell the dispatcher with
/// ``ClickDispatcher/forget(control:)`` when the control is gone, so a new
/// control at a reused address starts clean (gates a ``GateOwner`` keeps go
/// with their owner instead).
public struct ControlID: Hashable, Sendable, CustomStringConvertible {
  /// The raw identity.
  public let rawValue: UInt

  /// Wraps a raw identity.
  public init(_ rawValue: UInt) {
    self.rawValue = rawValue
  }

  public var description: String { "0x" + String(rawValue, radix: 16) }

  /// Hashes the identity with a multiply and a shift (Fibonacci hashing)
  /// instead of SipHash: every decision looks a control up, identities are
  /// addresses (distinct, spread), and nobody outside the process chooses
  /// them, so SipHash's flooding resistance buys nothing here. The shift
  /// folds the product's well-mixed high bits into the low bits the
  /// dictionary indexes by (aligned addresses share their low bits).
  public func _rawHashValue(seed: Int) -> Int {
    let product = (rawValue ^ UInt(bitPattern: seed)) &* 0x9E37_79B9_7F4A_7C15
    return Int(bitPattern: product ^ (product >> 29))
  }
}

/// The name of an action a control performs: a signal (`clicked`), a GAction
/// (`app.open-details`) or any name the app chooses.
///
/// Each (control, action) pair has its own gate, so clicks of different
/// actions on one control are tracked apart. Names are interned when made,
/// so comparing and hashing one on the decision path costs an integer's.
public struct ActionName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  let id: UInt32

  /// Makes (or looks up) the name `rawValue`.
  public init(_ rawValue: String) {
    id = NameTable.actions.intern(rawValue)
  }

  /// Makes a name from a string literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The name as a string.
  public var rawValue: String { NameTable.actions.name(id) }

  /// A button's `clicked`.
  public static let clicked: ActionName = "clicked"
  /// A toggle's `toggled`.
  public static let toggled: ActionName = "toggled"
  /// A switch's `state-set`.
  public static let stateSet: ActionName = "state-set"

  public var description: String { rawValue }
}

/// A key that lets several controls share one gate, for example a toolbar
/// button and a menu item that open the same page. Interned like
/// ``ActionName``.
public struct GroupKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  let id: UInt32

  /// Makes (or looks up) the key `rawValue`.
  public init(_ rawValue: String) {
    id = NameTable.groups.intern(rawValue)
  }

  /// Makes a key from a string literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The key as a string.
  public var rawValue: String { NameTable.groups.name(id) }

  public var description: String { rawValue }
}

/// What kind of control an activation comes from. Toggles and switches hold a
/// state; dropping their activation would leave the widget showing a state the
/// app never heard of, so they are skipped by default.
public enum ControlKind: String, Sendable, CaseIterable {
  /// A push button: its action is an event, safe to drop when repeated.
  case button
  /// A toggle, check or radio button.
  case toggle
  /// A switch.
  case `switch`
}

/// A set of ``ControlKind``s.
public struct ControlKinds: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  /// Creates a set from its raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Push buttons.
  public static let button = ControlKinds(rawValue: 1 << 0)
  /// Toggle, check and radio buttons.
  public static let toggle = ControlKinds(rawValue: 1 << 1)
  /// Switches.
  public static let `switch` = ControlKinds(rawValue: 1 << 2)

  /// The set holding `kind` alone.
  public init(_ kind: ControlKind) {
    switch kind {
    case .button: self = .button
    case .toggle: self = .toggle
    case .switch: self = .switch
    }
  }
}

/// Whether a control takes part in guarding.
public enum ControlPolicy: String, Sendable, CaseIterable {
  /// Follow the global configuration: guarded unless its kind is skipped.
  case automatic
  /// Always guarded, whatever its kind (opt a switch or toggle in).
  case guarded
  /// Never guarded (opt out): every activation runs.
  case exempt
}

/// Per-control settings; every field left `nil` follows the global
/// ``GuardConfiguration``.
public struct ControlSettings: Hashable, Sendable {
  /// Opt in, opt out, or follow the kind filter.
  public var policy: ControlPolicy
  /// This control's interval, overriding ``GuardConfiguration/interval``.
  public var interval: ClickInterval?
  /// This control's maximum busy time for async actions, overriding
  /// ``GuardConfiguration/maxBusy``. Never shorter than the interval in use.
  public var maxBusy: ClickInterval?
  /// A gate shared with other controls; `nil` gives the control its own.
  public var group: GroupKey?

  /// Creates settings; the defaults follow the global configuration.
  public init(
    policy: ControlPolicy = .automatic, interval: ClickInterval? = nil,
    maxBusy: ClickInterval? = nil, group: GroupKey? = nil
  ) {
    self.policy = policy
    self.interval = interval
    self.maxBusy = maxBusy
    self.group = group
  }
}

/// Where an activation came from.
public enum ActivationSource: String, Sendable {
  /// A person: a mouse click or a key press, with or without an event time.
  case user
  /// The app's own code (`gtk_button_clicked`, `set_active`): not guarded
  /// unless ``GuardConfiguration/guardsProgrammatic`` is set.
  case programmatic
  /// A consequence of another control's activation that is in progress, such
  /// as a radio button deactivating the previous member of its group: never
  /// guarded, since its cause was already judged.
  case nested
}

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
