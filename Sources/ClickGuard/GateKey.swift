/// Which gate judges an activation: a control's own gate for one action, or a group's.
public enum GateKey: Hashable, Sendable, CustomStringConvertible {
  /// The gate of `action` on `control`.
  case control(ControlID, ActionName)
  /// The gate shared by every control in the group.
  case group(GroupKey)

  /// The control whose own gate this is; `nil` for a group's.
  package var owningControl: ControlID? {
    if case .control(let control, _) = self { return control }
    return nil
  }

  /// Hashes a control's gate by the control alone: its few actions are told
  /// apart by `==`, so the look-up on every click does not hash the name.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .control(let id, _): hasher.combine(id.rawValue)
    case .group(let key): hasher.combine(key)
    }
  }

  public var description: String {
    switch self {
    case .control(let id, let action): "\(id)/\(action)"
    case .group(let key): "group:\(key)"
    }
  }
}
