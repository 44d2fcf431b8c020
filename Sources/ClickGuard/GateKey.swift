/// Which gate judges an activation: a control's own gate for one action, or
/// a group's shared gate.
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

  public var description: String {
    switch self {
    case .control(let id, let action): "\(id)/\(action)"
    case .group(let key): "group:\(key)"
    }
  }
}
