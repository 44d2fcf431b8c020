import ClickGuardGtk

/// The rules that apply in one program, and the pure decision of which of
/// them a widget gets.
///
/// Precedence: a widget group of the program over a widget group of `*`,
/// over the program's own settings; among groups of the same kind, the one
/// later in the file wins, key by key.
package struct ProgramRules: Hashable, Sendable {
  /// The file's program-level settings: the program group over `[default]`.
  package var values: RuleValues
  /// The widget groups of `*`, in file order.
  package var anyProgram: [WidgetRule]
  /// The widget groups of this program, in file order.
  package var thisProgram: [WidgetRule]

  /// Rules from their parts.
  package init(values: RuleValues = RuleValues(), anyProgram: [WidgetRule] = [], thisProgram: [WidgetRule] = []) {
    self.values = values
    self.anyProgram = anyProgram
    self.thisProgram = thisProgram
  }

  /// Whether any widget group applies here.
  package var hasWidgetRules: Bool { !anyProgram.isEmpty || !thisProgram.isEmpty }

  /// The widget properties the selectors here look at: only those need
  /// reading from a widget.
  package var selectorKinds: Set<RuleSelector.Kind> {
    Set((anyProgram + thisProgram).map(\.selector.kind))
  }

  /// The widget groups' settings for `widget`, merged by precedence; empty
  /// when no selector matches (the widget follows the program's settings).
  package func values(for widget: WidgetDescription) -> RuleValues {
    var merged = RuleValues()
    for rule in anyProgram + thisProgram where rule.selector.matches(widget) {
      merged = rule.values.overriding(merged)
    }
    return merged
  }
}
