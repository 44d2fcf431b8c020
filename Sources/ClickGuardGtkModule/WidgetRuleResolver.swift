import CGtk
import ClickGuardGtk
import ClickGuardRules

/// Applies the rules file's widget groups to live widgets: installed as
/// ``WidgetSettings/resolver``, it reads a widget's traits at its first
/// judgment and gives it the settings of the groups that match.
@MainActor
enum WidgetRuleResolver {
  /// Resolves widgets by `rules` from now on; no rule, no resolver (every
  /// widget then follows the global configuration untouched).
  static func install(_ rules: ProgramRules) {
    guard rules.hasWidgetRules else { return }
    let kinds = rules.selectorKinds
    WidgetSettings.resolver = { widget in
      let values = rules.values(for: WidgetDescription(widget: widget, reading: kinds))
      return values.isEmpty ? nil : values.controlSettings
    }
  }

  /// Stops resolving; widgets keep the settings they already got.
  static func uninstall() {
    WidgetSettings.resolver = nil
  }
}
