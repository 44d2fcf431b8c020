import CGtk
import ClickGuardGtk

/// The settings in force for one program and where each came from: the
/// environment (`CLICKGUARD_*`) over the rules file's program group, over
/// its `[default]` group, over ClickGuard's built-in defaults. What the
/// module runs with, and what `clickguard doctor` prints.
package struct SettingsInForce: Hashable, Sendable {
  /// One setting as `doctor` shows it.
  package struct Entry: Hashable, Sendable {
    /// The rules file's key, for example `interval-ms`.
    package var key: String
    /// The value as the file would spell it (`gtk-double-click-time` for the built-in settle).
    package var value: String
    package var origin: SettingOrigin
  }

  /// The program, as `g_get_prgname()` names it.
  package var program: String
  package var file: RulesFile
  /// The environment's settings and warnings.
  package var environment: ModuleConfiguration
  /// The program-level settings in force; an unset field is the built-in default.
  package var values: RuleValues
  /// The widget groups that apply in this program.
  package var widgetRules: ProgramRules

  /// Combines `environment` (variable to value) with `file` for `program`.
  package init(program: String, environment: [String: String], file: RulesFile) {
    self.program = program
    self.file = file
    self.environment = ModuleConfiguration(environment: environment)
    widgetRules = file.rules.forProgram(program)
    values = self.environment.environmentValues.overriding(widgetRules.values)
  }

  /// Reads the rules file `environment` points to and combines the two for `program`.
  package static func current(program: String, environment: [String: String]) -> SettingsInForce {
    SettingsInForce(
      program: program, environment: environment, file: RulesFile(reading: RulesFileLocation(environment: environment)))
  }

  /// The dispatcher settings: the profile's defaults with the mode, interval and
  /// maximum busy time in force (never below the interval). Under bounce switches are
  /// judged like toggles: the module vetoes a dropped change before `state-set` handlers.
  package var guardConfiguration: GuardConfiguration {
    var configuration = GuardConfiguration(profile: values.profile?.value ?? .lag)
    if let mode = values.mode { configuration.mode = mode.value }
    // In range by construction, and maxBusy is raised to the interval: neither throws.
    if let interval = values.interval { try? configuration.setInterval(interval.value) }
    if let maxBusy = values.maxBusy { try? configuration.setMaxBusy(max(maxBusy.value, configuration.interval)) }
    if let repeats = values.repeats { configuration.acceptsPersonRepeats = repeats.value }
    return configuration
  }

  /// Every program-level setting, built-in defaults included, in the file's key order.
  package var entries: [Entry] {
    let defaults = GuardConfiguration(profile: values.profile?.value ?? .lag)
    return [
      Entry(
        key: RuleKey.mode.rawValue, value: (values.mode?.value ?? defaults.mode).rawValue,
        origin: values.mode?.origin ?? .builtIn),
      Entry(
        key: RuleKey.intervalMs.rawValue, value: "\((values.interval?.value ?? defaults.interval).milliseconds)",
        origin: values.interval?.origin ?? .builtIn),
      Entry(
        key: RuleKey.maxBusyMs.rawValue, value: "\(guardConfiguration.maxBusy.milliseconds)",
        origin: values.maxBusy?.origin ?? .builtIn),
      Entry(
        key: RuleKey.fence.rawValue, value: "\(values.fence?.value ?? true)", origin: values.fence?.origin ?? .builtIn),
      Entry(
        key: RuleKey.settleMs.rawValue,
        value: values.settle.map { "\($0.value.milliseconds)" } ?? "gtk-double-click-time",
        origin: values.settle?.origin ?? .builtIn),
      Entry(
        key: RuleKey.profile.rawValue, value: defaults.profile.rawValue, origin: values.profile?.origin ?? .builtIn),
      Entry(
        key: RuleKey.feedback.rawValue, value: (values.feedback?.value ?? .off).rawValue,
        origin: values.feedback?.origin ?? .builtIn),
    ]
  }

  /// Every problem found, one line each: the environment's, then the file's.
  package var warnings: [String] {
    environment.warnings.map(\.description) + file.warnings.map(\.description)
  }

  /// The module's configuration: the environment's (log, stalls) with the settings
  /// in force, the widget rules and the file's warnings.
  package var moduleConfiguration: ModuleConfiguration {
    var configuration = environment
    configuration.guardConfiguration = guardConfiguration
    configuration.fence = values.fenceSettings
    configuration.feedback = values.feedback?.value ?? .off
    configuration.rules = ProgramRules(
      values: values, anyProgram: widgetRules.anyProgram, thisProgram: widgetRules.thisProgram)
    configuration.rulesWarnings = file.warnings
    return configuration
  }
}
