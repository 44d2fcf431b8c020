/// The outcome of one activation, or of one press the fresh-content fence
/// judged: the one verdict type from ``ClickDispatcher`` and the fence to the
/// decision log, whose `outcome` and `reason` words it writes and reads back.
public enum ClickOutcome: Hashable, Sendable, CustomStringConvertible {
  /// Judged and accepted: the action runs and the gate is busy until it finishes.
  case accepted
  /// Judged and dropped: the action does not run.
  case dropped(DropReason)
  /// Observe mode: would have been dropped, runs anyway.
  case wouldDrop(DropReason)
  /// Not judged: the action runs and no gate changes.
  case passed(PassReason)
  /// The spill-over fence dropped the press: it was aimed at content too fresh to take it.
  case fenced(SpillOverFence.Reason)
  /// Observe mode: the fence would have dropped the press, which goes on.
  case wouldFence(SpillOverFence.Reason)

  /// An outcome without its reason, one case per outcome, named by the log's
  /// `outcome` word: for readers that count reasons they may not know.
  public enum Kind: String, CaseIterable, Sendable {
    case accepted
    case dropped
    case wouldDrop = "would-drop"
    case passed
    case fenced = "fence-drop"
    case wouldFence = "would-fence-drop"

    /// Whether the guard judged it a repeat of the same widget's action.
    public var isRepeat: Bool { self == .dropped || self == .wouldDrop }
    /// Whether the fence judged it (it was aimed at fresh content).
    public var isFence: Bool { self == .fenced || self == .wouldFence }
  }

  /// Whether the action, or the press, goes on.
  public var runsAction: Bool {
    switch self {
    case .dropped, .fenced: false
    case .accepted, .wouldDrop, .passed, .wouldFence: true
    }
  }

  /// Which outcome it is, without the reason.
  public var kind: Kind {
    switch self {
    case .accepted: .accepted
    case .dropped: .dropped
    case .wouldDrop: .wouldDrop
    case .passed: .passed
    case .fenced: .fenced
    case .wouldFence: .wouldFence
    }
  }

  /// The log's `outcome` word (``Kind``'s raw value).
  public var outcomeWord: String { kind.rawValue }

  /// The log's `reason` word: the drop, pass or fence reason; `nil` when accepted.
  public var reasonWord: String? {
    switch self {
    case .accepted: nil
    case .dropped(let why), .wouldDrop(let why): why.rawValue
    case .passed(let why): why.rawValue
    case .fenced(let why), .wouldFence(let why): why.rawValue
    }
  }

  /// The outcome a log line's words name, or `nil` when they fit none; an
  /// accepted line's reason (``AcceptReason``) is not part of the outcome.
  public init?(outcomeWord: String, reasonWord: String?) {
    guard let kind = Kind(rawValue: outcomeWord) else { return nil }
    switch kind {
    case .accepted: self = .accepted
    case .dropped, .wouldDrop:
      guard let why = reasonWord.flatMap(DropReason.init(rawValue:)) else { return nil }
      self = kind == .dropped ? .dropped(why) : .wouldDrop(why)
    case .passed:
      guard let why = reasonWord.flatMap(PassReason.init(rawValue:)) else { return nil }
      self = .passed(why)
    case .fenced, .wouldFence:
      guard let why = reasonWord.flatMap(SpillOverFence.Reason.init(rawValue:)) else { return nil }
      self = kind == .fenced ? .fenced(why) : .wouldFence(why)
    }
  }

  /// The log's words: `accepted`, or the outcome word and its reason, `dropped(busy)`.
  public var description: String {
    reasonWord.map { "\(outcomeWord)(\($0))" } ?? outcomeWord
  }
}
