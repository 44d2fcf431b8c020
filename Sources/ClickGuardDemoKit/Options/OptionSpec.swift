// The demo's command-line options as data: names, argument kinds, accepted
// ranges and help text. GApplication registration, validation and --help all
// read this one table; its English is marked translatable, and --help shows
// it in the reader's language.

import ClickGuardAppSupport
import ClickGuardGObject
import ClickGuardGtk

/// The accepted values of a millisecond option.
package struct MillisecondRange: Hashable, Sendable {
  /// The smallest value accepted (besides 0 when ``allowsZero`` is set).
  let lower: Int
  /// The largest value accepted.
  let upper: Int
  /// Whether 0 is accepted even though it is below ``lower``; ``zeroMeaning``
  /// says what it means (English, marked translatable).
  let zeroMeaning: String?

  /// A range from `lower` to `upper`, plus 0 with `zeroMeaning` if given.
  package init(_ lower: Int, _ upper: Int, zeroMeaning: String? = nil) {
    self.lower = lower
    self.upper = upper
    self.zeroMeaning = zeroMeaning
  }

  /// Whether `value` is accepted.
  package func contains(_ value: Int) -> Bool {
    (value == 0 && zeroMeaning != nil) || (lower...upper).contains(value)
  }

  /// The accepted values in words, for messages and the manual page:
  /// `0 to 60000 ms`, or `0 (one-shot on the next click) or 100 to 60000 ms`.
  package var text: String { text(localized: false) }

  /// ``text``, in the reader's language when `localized` (`--help`).
  func text(localized: Bool) -> String {
    guard let zeroMeaning, lower > 0 else {
      return inLanguage(translatable("{lower} to {upper} ms"), localized: localized).filling([
        "lower": String(lower), "upper": String(upper),
      ])
    }
    return inLanguage(translatable("0 ({meaning}) or {lower} to {upper} ms"), localized: localized).filling([
      "meaning": inLanguage(zeroMeaning, localized: localized), "lower": String(lower), "upper": String(upper),
    ])
  }
}

/// One command-line option of the demo.
package struct OptionSpec: Hashable, Sendable {
  /// What an option takes.
  package enum Kind: Hashable, Sendable {
    /// A whole number of milliseconds in a range.
    case milliseconds(MillisecondRange, defaultValue: Int)
    /// A file path (not empty).
    case path
    /// No argument: present or not.
    case flag
  }

  /// The long name, without the leading `--`.
  package let name: String
  /// What it takes.
  package let kind: Kind
  /// One line of help, in English, marked translatable.
  package let help: String

  /// The placeholder shown in --help (`MS`, `PATH`), or `nil` for a flag.
  package var argumentName: String? {
    switch kind {
    case .milliseconds: "MS"
    case .path: "PATH"
    case .flag: nil
    }
  }

  /// What the option accepts, in words, in the reader's language (`0 to
  /// 60000 ms`, `a non-empty PATH`), or `nil` for a flag: for messages.
  var acceptedText: String? {
    switch kind {
    case .milliseconds(let range, _): range.text(localized: true)
    case .path: translated(Self.pathText)
    case .flag: nil
    }
  }

  /// What a path option accepts, in words, in English, marked translatable.
  static let pathText = translatable("a non-empty PATH")

  /// The help line with the accepted range and default added, in English
  /// (the manual page's).
  package var fullHelp: String { fullHelp(localized: false) }

  /// ``fullHelp``, in the reader's language when `localized` (`--help`).
  func fullHelp(localized: Bool) -> String {
    switch kind {
    case .milliseconds(let range, let defaultValue):
      inLanguage(translatable("{help} ({accepted}; default {default})"), localized: localized).filling([
        "help": inLanguage(help, localized: localized), "accepted": range.text(localized: localized),
        "default": String(defaultValue),
      ])
    case .path, .flag: inLanguage(help, localized: localized)
    }
  }

  /// The option as GOption's table reads it, in the reader's language.
  package var entry: OptionEntry {
    OptionEntry(name, argument: argumentName, accepted: acceptedText, help: fullHelp(localized: true))
  }
}

extension OptionSpec {
  /// Every option the demo accepts, in --help order.
  package static let all: [OptionSpec] = [
    OptionSpec(
      name: "interval-ms", kind: .milliseconds(MillisecondRange(0, 60_000), defaultValue: 500),
      help: translatable("Guard interval after an action finishes")),
    OptionSpec(
      name: "stall-ms", kind: .milliseconds(MillisecondRange(0, 10_000), defaultValue: 0),
      help: translatable("Main-loop stall length; 0 = no stall; a periodic one is shorter than its period")),
    OptionSpec(
      name: "stall-every-ms",
      kind: .milliseconds(
        MillisecondRange(100, 60_000, zeroMeaning: translatable("one-shot on the next click")), defaultValue: 0),
      help: translatable("Stall periodically every MS (more than --stall-ms) instead of once on the next click")),
    OptionSpec(
      name: "handler-lag-ms", kind: .milliseconds(MillisecondRange(0, 10_000), defaultValue: 0),
      help: translatable("Synchronous lag inside the navigation handler")),
    OptionSpec(
      name: "async-ms", kind: .milliseconds(MillisecondRange(0, 10_000), defaultValue: 0),
      help: translatable("Simulated load before an async navigation; 0 = navigate at once")),
    OptionSpec(
      name: "transition-ms", kind: .milliseconds(MillisecondRange(0, 5_000), defaultValue: 250),
      help: translatable("Page slide transition length")),
    OptionSpec(
      name: "navigate-later", kind: .flag,
      help: translatable(
        "Switch pages from an idle on the next main-loop turn (g_idle_add), not inside the click handler")),
    OptionSpec(name: "no-guard", kind: .flag, help: translatable("Start with the click guard off")),
    OptionSpec(
      name: "observe", kind: .flag, help: translatable("Start in observe-only mode (report drops, drop nothing)")),
    OptionSpec(name: "no-fence", kind: .flag, help: translatable("Start with the spill-over fence off")),
    OptionSpec(
      name: "log-file", kind: .path, help: translatable("Write a JSON-lines log of decisions and navigations to PATH")),
    OptionSpec(
      name: "screenshot", kind: .path,
      help: translatable("Save the window as PNG to PATH once laid out, and again on SIGUSR1")),
    OptionSpec(
      name: "quit-after-first-frame", kind: .flag,
      help: translatable("Print 'first-frame-ms N' (process start to first frame) and exit")),
    OptionSpec(name: "version", kind: .flag, help: translatable("Print the version and exit")),
  ]

  /// The option named `name` (without dashes), if any.
  package static func named(_ name: String) -> OptionSpec? {
    all.first { $0.name == name }
  }
}
