import ClickGuardGtk

/// A key of the rules file, what it accepts, and how its text becomes a value.
package enum RuleKey: String, Hashable, Sendable, CaseIterable {
  /// `mode=enforce|observe|off`.
  case mode
  /// `interval-ms=0..60000`.
  case intervalMs = "interval-ms"
  /// `max-busy-ms=0..60000` (never shorter than the interval in use).
  case maxBusyMs = "max-busy-ms"
  /// `policy=guarded|exempt` (widget groups only).
  case policy
  /// `fence=true|false` (or any of ``SettingWords``' on/off words).
  case fence
  /// `settle-ms=0..5000`.
  case settleMs = "settle-ms"
  /// `profile=lag|bounce` (program groups only): the kind of repeat dropped (``GuardProfile``).
  case profile
  /// `feedback=off|bell` (program groups only): whether a drop rings the widget's bell.
  case feedback
  /// `repeats=true|false`: whether a person's repeats of a control act within the
  /// window (``ControlSettings/repeats``).
  case repeats

  /// The keys a `[default]` or program group accepts: all but `policy`.
  package static let programKeys = allCases.filter { $0 != .policy }
  /// The keys a widget group accepts: all but `profile` and `feedback` (program-wide).
  package static let widgetKeys = allCases.filter { $0 != .profile && $0 != .feedback }

  /// What the key accepts, for messages.
  package var accepted: String {
    switch self {
    case .mode: SettingWords.modeAccepted
    case .intervalMs, .maxBusyMs: "whole milliseconds from 0 to 60000"
    case .policy: "guarded or exempt"
    case .fence, .repeats: SettingWords.switchAcceptedInFile
    case .settleMs: "whole milliseconds from 0 to 5000"
    case .profile: SettingWords.profileAccepted
    case .feedback: SettingWords.feedbackAccepted
    }
  }

  /// Stores the value `text` stands for in `values`; `false`, changing nothing, if not accepted.
  package func apply(_ text: String, from origin: SettingOrigin, to values: inout RuleValues) -> Bool {
    let word = text.trimmingKeyFileSpace()
    switch self {
    case .mode:
      guard let mode = SettingWords.mode(word) else { return false }
      values.mode = SourcedValue(mode, from: origin)
    case .intervalMs:
      guard let interval = SettingWords.milliseconds(word, in: 0...60_000) else { return false }
      values.interval = SourcedValue(interval, from: origin)
    case .maxBusyMs:
      guard let maxBusy = SettingWords.milliseconds(word, in: 0...60_000) else { return false }
      values.maxBusy = SourcedValue(maxBusy, from: origin)
    case .policy:
      guard let policy = ControlPolicy(rawValue: word.lowercased()), policy != .automatic else { return false }
      values.policy = SourcedValue(policy, from: origin)
    case .fence:
      guard let isOn = SettingWords.isOn(word) else { return false }
      values.fence = SourcedValue(isOn, from: origin)
    case .settleMs:
      guard let settle = SettingWords.milliseconds(word, in: 0...5000) else { return false }
      values.settle = SourcedValue(settle, from: origin)
    case .profile:
      guard let profile = SettingWords.profile(word) else { return false }
      values.profile = SourcedValue(profile, from: origin)
    case .feedback:
      guard let feedback = SettingWords.feedback(word) else { return false }
      values.feedback = SourcedValue(feedback, from: origin)
    case .repeats:
      guard let isOn = SettingWords.isOn(word) else { return false }
      values.repeats = SourcedValue(isOn, from: origin)
    }
    return true
  }
}
