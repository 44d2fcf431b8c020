/// Everything a rules file says, checked: the `[default]` group, the
/// program groups and the widget groups, in file order.
///
/// ```swift
/// let rules = file.rules.forProgram("gnome-calculator")
/// rules.values(for: WidgetDescription(label: "7", typeNames: ["GtkButton"])).policy?.value  // .exempt
/// ```
package struct RuleSet: Hashable, Sendable {
  /// The `[default]` group.
  package var defaults = RuleValues()
  /// The program groups, by program name.
  package var programs: [String: RuleValues] = [:]
  /// The widget groups, in the order the file has them.
  package var widgetRules: [WidgetRule] = []

  /// No rules.
  package init() {}

  /// What applies to `program`: its group over `[default]`, and the widget
  /// groups of `*` and of the program.
  package func forProgram(_ program: String) -> ProgramRules {
    ProgramRules(
      values: (programs[program] ?? RuleValues()).overriding(defaults),
      anyProgram: widgetRules.filter { $0.program == nil },
      thisProgram: widgetRules.filter { $0.program == program })
  }
}
