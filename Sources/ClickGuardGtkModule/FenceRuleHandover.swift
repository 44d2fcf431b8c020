import CGtk
import ClickGuardGtk
import ClickGuardRules

/// Hands the rules' `fence` and `settle-ms` for one content widget — a
/// window, dialog, popover or page matched by a widget group — to the
/// fresh-content fence, through ``FenceSettings/contentOverride``. (The
/// process's own fence settings reach it as ``ModuleConfiguration/fence``.)
@MainActor
enum FenceRuleHandover {
  /// Answers the fence's per-content question from `rules`; installs
  /// nothing when no widget group sets `fence` or `settle-ms`.
  static func install(_ rules: ProgramRules) {
    let setsFence = (rules.anyProgram + rules.thisProgram).contains {
      $0.values.fence != nil || $0.values.settle != nil
    }
    guard setsFence else { return }
    FenceSettings.contentOverride = { content in settings(forContent: content, rules: rules) }
  }

  /// Stops answering: every content gets the process's settings.
  static func uninstall() {
    FenceSettings.contentOverride = nil
  }

  /// The fence settings for `content` when a widget group of `rules` sets
  /// `fence` or `settle-ms` for it (what it leaves unset is the program's),
  /// or `nil` when none does.
  static func settings(forContent content: gpointer, rules: ProgramRules) -> FenceSettings? {
    let values = rules.values(for: WidgetDescription(widget: content, reading: rules.selectorKinds))
    guard values.fence != nil || values.settle != nil else { return nil }
    return values.overriding(rules.values).fenceSettings
  }
}
