import CGtk
import ClickGuardGtk

/// Where the rules' `fence` and `settle-ms` are handed to the spill-over
/// fence: for the process (the environment over the file's program and
/// `[default]` groups) and for one content widget — a window, dialog or
/// page — matched by a widget group.
///
/// ``install(_:)`` keeps the rules; the fence reads
/// ``processSettings`` once and ``settings(forContent:)`` for each content
/// it fences. Wiring those two into the fence's own API (`FenceSettings`,
/// its per-content override hook) happens in ``install(_:)``.
@MainActor
enum FenceRuleHandover {
  private static var rules = ProgramRules()

  /// Keeps `rules` for the fence.
  static func install(_ rules: ProgramRules) {
    Self.rules = rules
  }

  /// Forgets the rules.
  static func uninstall() {
    rules = ProgramRules()
  }

  /// The process's fence settings: whether it is on (default on) and its
  /// settle time (`nil`: GTK's gtk-double-click-time).
  static var processSettings: (isEnabled: Bool, settle: ClickInterval?) {
    (rules.values.fence?.value ?? true, rules.values.settle?.value)
  }

  /// The fence settings for `content` when a widget group sets `fence` or
  /// `settle-ms` for it (what it leaves unset is the process's), or `nil`
  /// when none does.
  static func settings(forContent content: gpointer) -> (isEnabled: Bool, settle: ClickInterval?)? {
    guard rules.hasWidgetRules else { return nil }
    let values = rules.values(for: WidgetTraits(widget: content, reading: rules.selectorKinds))
    guard values.fence != nil || values.settle != nil else { return nil }
    let process = processSettings
    return (values.fence?.value ?? process.isEnabled, values.settle?.value ?? process.settle)
  }
}
