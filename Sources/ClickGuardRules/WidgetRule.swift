/// One widget group of the rules file: which program, which widgets, and
/// the settings they get.
package struct WidgetRule: Hashable, Sendable {
  /// The program, or `nil` for every program (`*`).
  package var program: String?
  /// Which widgets.
  package var selector: RuleSelector
  /// The settings, each with its file line.
  package var values: RuleValues

  /// A rule for `selector` in `program` (`nil`: every program).
  package init(program: String?, selector: RuleSelector, values: RuleValues) {
    self.program = program
    self.selector = selector
    self.values = values
  }

  /// The group name as written, for example `gnome-calculator: label=7`.
  package var groupName: String { "\(program ?? "*"): \(selector)" }
}
