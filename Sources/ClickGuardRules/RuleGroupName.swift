/// What a group of the rules file is about, parsed from its name:
/// `[default]`, `[program]`, `[program: kind=value]` or `[*: kind=value]`.
package enum RuleGroupName: Hashable, Sendable {
  /// `[default]`: every program.
  case defaults
  /// `[name]`: the program whose `g_get_prgname()` is `name`.
  case program(String)
  /// `[name: selector]`: the selected widgets of one program, or of every
  /// program when `program` is `nil` (written `*`).
  case widget(program: String?, RuleSelector)

  /// What a group name may be, for messages.
  package static let accepted =
    "[default], [program], [program: selector=value] or [*: selector=value], with a selector of "
    + RuleSelector.Kind.allCases.map(\.rawValue).joined(separator: ", ")

  /// Parses a group name as GKeyFile gives it (without the brackets).
  /// - Returns: `nil` when it is none of the accepted forms.
  package init?(parsing name: String) {
    guard let colon = name.firstIndex(of: ":") else {
      let program = name.trimmingKeyFileSpace()
      guard !program.isEmpty, program != "*", !program.contains("=") else { return nil }
      self = program == "default" ? .defaults : .program(program)
      return
    }
    let program = String(name[..<colon]).trimmingKeyFileSpace()
    let selector = String(name[name.index(after: colon)...])
    guard !program.isEmpty, let equals = selector.firstIndex(of: "="),
      let kind = RuleSelector.Kind(rawValue: String(selector[..<equals]).trimmingKeyFileSpace())
    else { return nil }
    let value = String(selector[selector.index(after: equals)...]).trimmingKeyFileSpace()
    guard !value.isEmpty else { return nil }
    self = .widget(program: program == "*" ? nil : program, RuleSelector(kind, value))
  }
}
