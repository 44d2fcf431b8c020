import ClickGuardGObject
import ClickGuardGtk

/// The settings of the ClickGuard GTK module, read from `CLICKGUARD_*` environment
/// variables (``SettingsInForce`` adds the rules file). Pure: a dictionary in,
/// settings and warnings out, so it is tested without a process.
///
/// | Variable | Accepted | Default |
/// | --- | --- | --- |
/// | `CLICKGUARD_INTERVAL_MS` | whole milliseconds, 0 to 60000 | 500 |
/// | `CLICKGUARD_MODE` | `enforce`, `observe` or `off` | `enforce` |
/// | `CLICKGUARD_LOG` | a file path (appended to), or `-` for stderr | no log |
/// | `CLICKGUARD_STALL_MS` | whole milliseconds, 0 to 60000 | 0 (off) |
/// | `CLICKGUARD_PERIODIC_STALL_MS` | whole milliseconds, 0 to 60000 | 0 (off) |
/// | `CLICKGUARD_PERIODIC_EVERY_MS` | whole milliseconds, 10 to 600000 | 1000 |
/// | `CLICKGUARD_FENCE` | `on`, `off`, `true`, `false`, `1`, `0` | `on` |
/// | `CLICKGUARD_SETTLE_MS` | whole milliseconds, 0 to 5000 | GTK's `gtk-double-click-time` |
/// | `CLICKGUARD_PROFILE` | `lag` or `bounce` | `lag` |
/// | `CLICKGUARD_FEEDBACK` | `off` or `bell` | `off` |
///
/// An unset or empty variable takes the default; a value not accepted takes it
/// too and adds a ``Warning``: the app keeps running, guarded with the defaults.
package struct ModuleConfiguration: Hashable, Sendable {
  /// A rejected environment value.
  package struct Warning: Hashable, Sendable, CustomStringConvertible {
    /// The variable, for example `CLICKGUARD_INTERVAL_MS`.
    package let variable: String
    package let value: String
    package let accepted: String
    package let defaultUsed: String

    /// One line for stderr: the variable, its value, what is accepted, the default used.
    package var description: String {
      localized("{variable}=\"{value}\" is not accepted (accepted: {accepted}); using the default, {default}").filling([
        "variable": variable, "value": value, "accepted": accepted, "default": defaultUsed,
      ])
    }
  }

  /// Where the decision log goes.
  package enum LogDestination: Hashable, Sendable {
    /// Appended to the file of this name.
    case file(ByteString)
    /// Written to standard error (`CLICKGUARD_LOG=-`).
    case standardError
  }

  package static let intervalVariable = "CLICKGUARD_INTERVAL_MS"
  package static let modeVariable = "CLICKGUARD_MODE"
  package static let logVariable = "CLICKGUARD_LOG"
  package static let stallVariable = "CLICKGUARD_STALL_MS"
  package static let periodicStallVariable = "CLICKGUARD_PERIODIC_STALL_MS"
  package static let periodicEveryVariable = "CLICKGUARD_PERIODIC_EVERY_MS"

  package static let fenceVariable = "CLICKGUARD_FENCE"
  package static let settleVariable = "CLICKGUARD_SETTLE_MS"
  package static let profileVariable = "CLICKGUARD_PROFILE"
  package static let feedbackVariable = "CLICKGUARD_FEEDBACK"

  /// Every variable the module reads.
  package static let variables = [
    intervalVariable, modeVariable, logVariable, stallVariable, periodicStallVariable, periodicEveryVariable,
    fenceVariable, settleVariable, profileVariable, feedbackVariable,
  ]

  /// The dispatcher settings: interval and mode from the environment, the rest the defaults.
  package var guardConfiguration = GuardConfiguration()
  /// Where each decision is logged as one JSON line, or `nil` for no log.
  package var log: LogDestination?
  /// How long to block the main loop after each accepted click, as if the handler
  /// were slow: for trying the guard by hand. Zero is off.
  package var stallAfterClick = ClickInterval.zero
  /// How long each periodic stall blocks the main loop. Zero is off.
  package var periodicStall = ClickInterval.zero
  /// The time from the end of one periodic stall to the start of the next.
  package var periodicEvery = Self.oneSecond
  /// The fresh-content fence: on, with GTK's double-click time, unless the environment says otherwise.
  package var fence = FenceSettings()
  /// What a dropped click does besides not acting: nothing, or the bell.
  package var feedback = DropFeedback.off
  /// The values that were not accepted, one per variable, in the order of ``variables``.
  package var warnings: [Warning] = []
  /// The guard settings the environment sets: they override the rules file's
  /// `[default]` and program groups (``SettingsInForce``).
  package var environmentValues = RuleValues()
  /// The rules in force in this program: its settings (the environment over the
  /// file) and the file's widget groups, applied at each widget's first judgment.
  package var rules = ProgramRules()
  /// The rules file's problems, logged once each when the module starts.
  package var rulesWarnings: [RulesFileWarning] = []

  /// The defaults: enforce, no log, no stalls.
  package init() {}

  /// Takes the part of `new` a rules file can change: the guard's and the
  /// fence's settings, the drop feedback, the widget rules and the file's
  /// warnings. The log and the stalls stay.
  package mutating func takeRules(of new: ModuleConfiguration) {
    guardConfiguration = new.guardConfiguration
    fence = new.fence
    feedback = new.feedback
    rules = new.rules
    rulesWarnings = new.rulesWarnings
  }

  // In ClickInterval's range, so this never falls back.
  private static let oneSecond = (try? ClickInterval(milliseconds: 1000)) ?? .zero

  /// Reads the settings from `environment` (variable name to value).
  package init(environment: [String: String]) {
    self.init()
    // First: the profile sets the interval the others start from.
    if let profile = word(environment, Self.profileVariable, SettingWords.profile, SettingWords.profileAccepted) {
      guardConfiguration = GuardConfiguration(profile: profile)
      environmentValues.profile = SourcedValue(profile, from: .environment(Self.profileVariable))
    }
    if let feedback = word(environment, Self.feedbackVariable, SettingWords.feedback, SettingWords.feedbackAccepted) {
      self.feedback = feedback
      environmentValues.feedback = SourcedValue(feedback, from: .environment(Self.feedbackVariable))
    }
    if let value = Self.value(environment, Self.intervalVariable) {
      let defaultMs = guardConfiguration.interval.milliseconds
      if let interval = milliseconds(value, Self.intervalVariable, in: 0...60_000, defaultUsed: "\(defaultMs)") {
        // In range by construction, so setInterval does not throw.
        try? guardConfiguration.setInterval(interval)
        environmentValues.interval = SourcedValue(interval, from: .environment(Self.intervalVariable))
      }
    }
    if let value = Self.value(environment, Self.modeVariable) {
      if let mode = SettingWords.mode(value) {
        guardConfiguration.mode = mode
        environmentValues.mode = SourcedValue(mode, from: .environment(Self.modeVariable))
      } else {
        warnings.append(
          Warning(
            variable: Self.modeVariable, value: value, accepted: SettingWords.modeAccepted,
            defaultUsed: guardConfiguration.mode.rawValue))
      }
    }
    if let value = Self.value(environment, Self.logVariable) {
      log = value == "-" ? .standardError : .file(ByteString(value))
    }
    if let value = Self.value(environment, Self.stallVariable),
      let stall = milliseconds(value, Self.stallVariable, in: 0...60_000, defaultUsed: localized("0 (off)"))
    {
      stallAfterClick = stall
    }
    if let value = Self.value(environment, Self.periodicStallVariable),
      let stall = milliseconds(value, Self.periodicStallVariable, in: 0...60_000, defaultUsed: localized("0 (off)"))
    {
      periodicStall = stall
    }
    if let value = Self.value(environment, Self.periodicEveryVariable),
      let every = milliseconds(value, Self.periodicEveryVariable, in: 10...600_000, defaultUsed: "1000")
    {
      periodicEvery = every
    }
    if let value = Self.value(environment, Self.fenceVariable) {
      if let isOn = SettingWords.isOn(value) {
        environmentValues.fence = SourcedValue(isOn, from: .environment(Self.fenceVariable))
      } else {
        warnings.append(
          Warning(
            variable: Self.fenceVariable, value: value, accepted: SettingWords.switchAccepted, defaultUsed: "on"))
      }
    }
    if let value = Self.value(environment, Self.settleVariable),
      let settle = milliseconds(value, Self.settleVariable, in: 0...5_000, defaultUsed: "gtk-double-click-time")
    {
      environmentValues.settle = SourcedValue(settle, from: .environment(Self.settleVariable))
    }
    fence = environmentValues.fenceSettings
    // A stall as long as its period, or longer, would leave the app frozen.
    if periodicStall > .zero, periodicStall >= periodicEvery {
      warnings.append(
        Warning(
          variable: Self.periodicStallVariable, value: environment[Self.periodicStallVariable] ?? "",
          accepted: localized("whole milliseconds shorter than {variable} ({ms})").filling([
            "variable": Self.periodicEveryVariable, "ms": String(periodicEvery.milliseconds),
          ]), defaultUsed: localized("0 (off)")))
      periodicStall = .zero
    }
  }

  /// The value of `name`, or `nil` when unset or empty.
  private static func value(_ environment: [String: String], _ name: String) -> String? {
    guard let value = environment[name], !value.trimmingKeyFileSpace().isEmpty else { return nil }
    return value
  }

  /// The setting `variable` names by a word `parse` reads, or `nil` when unset, empty
  /// or not accepted (then a warning names the `accepted` words and the first, the default).
  private mutating func word<Value>(
    _ environment: [String: String], _ variable: String, _ parse: (String) -> Value?, _ accepted: String
  ) -> Value? {
    guard let value = Self.value(environment, variable) else { return nil }
    if let parsed = parse(value) { return parsed }
    let defaultUsed = accepted.split(separator: " ").first.map(String.init) ?? ""
    warnings.append(Warning(variable: variable, value: value, accepted: accepted, defaultUsed: defaultUsed))
    return nil
  }

  /// Parses whole milliseconds in `range`; on failure records a warning and returns `nil`.
  private mutating func milliseconds(
    _ value: String, _ variable: String, in range: ClosedRange<Int>, defaultUsed: String
  ) -> ClickInterval? {
    if let interval = SettingWords.milliseconds(value, in: range) { return interval }
    warnings.append(
      Warning(
        variable: variable, value: value,
        accepted: localized("whole milliseconds from {lower} to {upper}").filling([
          "lower": String(range.lowerBound), "upper": String(range.upperBound),
        ]), defaultUsed: defaultUsed))
    return nil
  }
}
