// The demo's command-line options as data: names, argument kinds, accepted
// ranges and help text. GApplication registration, validation and --help all
// read this one table.

import ClickGuardAppSupport
import ClickGuardGtk

/// The accepted values of a millisecond option.
package struct MillisecondRange: Hashable, Sendable {
  /// The smallest value accepted (besides 0 when ``allowsZero`` is set).
  let lower: Int
  /// The largest value accepted.
  let upper: Int
  /// Whether 0 is accepted even though it is below ``lower``; ``zeroMeaning``
  /// says what it means.
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

  /// The accepted values in words, for messages and --help:
  /// `0 to 60000 ms`, or `0 (one-shot on the next click) or 100 to 60000 ms`.
  package var text: String {
    if let zeroMeaning, lower > 0 { return "0 (\(zeroMeaning)) or \(lower) to \(upper) ms" }
    return "\(lower) to \(upper) ms"
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
  /// One line of help.
  package let help: String

  /// The placeholder shown in --help (`MS`, `PATH`), or `nil` for a flag.
  package var argumentName: String? {
    switch kind {
    case .milliseconds: "MS"
    case .path: "PATH"
    case .flag: nil
    }
  }

  /// What the option accepts, in words (`0 to 60000 ms`, `a non-empty
  /// PATH`), or `nil` for a flag.
  var acceptedText: String? {
    switch kind {
    case .milliseconds(let range, _): range.text
    case .path: Self.pathText
    case .flag: nil
    }
  }

  /// What a path option accepts, in words.
  static let pathText = "a non-empty PATH"

  /// The help line with the accepted range and default added.
  package var fullHelp: String {
    switch kind {
    case .milliseconds(let range, let defaultValue): "\(help) (\(range.text); default \(defaultValue))"
    case .path, .flag: help
    }
  }

  /// The option as GOption's table and the man page read it.
  package var entry: OptionEntry {
    OptionEntry(name, argument: argumentName, accepted: acceptedText, help: fullHelp)
  }
}

extension OptionSpec {
  /// Every option the demo accepts, in --help order.
  package static let all: [OptionSpec] = [
    OptionSpec(
      name: "interval-ms", kind: .milliseconds(MillisecondRange(0, 60_000), defaultValue: 500),
      help: "Guard interval after an action finishes"),
    OptionSpec(
      name: "stall-ms", kind: .milliseconds(MillisecondRange(0, 10_000), defaultValue: 0),
      help: "Main-loop stall length; 0 = no stall; a periodic one is shorter than its period"),
    OptionSpec(
      name: "stall-every-ms",
      kind: .milliseconds(MillisecondRange(100, 60_000, zeroMeaning: "one-shot on the next click"), defaultValue: 0),
      help: "Stall periodically every MS (more than --stall-ms) instead of once on the next click"),
    OptionSpec(
      name: "handler-lag-ms", kind: .milliseconds(MillisecondRange(0, 10_000), defaultValue: 0),
      help: "Synchronous lag inside the navigation handler"),
    OptionSpec(
      name: "async-ms", kind: .milliseconds(MillisecondRange(0, 10_000), defaultValue: 0),
      help: "Simulated load before an async navigation; 0 = navigate at once"),
    OptionSpec(
      name: "transition-ms", kind: .milliseconds(MillisecondRange(0, 5_000), defaultValue: 250),
      help: "Page slide transition length"),
    OptionSpec(
      name: "navigate-later", kind: .flag,
      help: "Switch pages from an idle on the next main-loop turn (g_idle_add), not inside the click handler"),
    OptionSpec(name: "no-guard", kind: .flag, help: "Start with the click guard off"),
    OptionSpec(name: "observe", kind: .flag, help: "Start in observe-only mode (report drops, drop nothing)"),
    OptionSpec(name: "no-fence", kind: .flag, help: "Start with the spill-over fence off"),
    OptionSpec(name: "log-file", kind: .path, help: "Write a JSON-lines log of decisions and navigations to PATH"),
    OptionSpec(
      name: "screenshot", kind: .path, help: "Save the window as PNG to PATH once laid out, and again on SIGUSR1"),
    OptionSpec(
      name: "quit-after-first-frame", kind: .flag,
      help: "Print 'first-frame-ms N' (process start to first frame) and exit"),
    OptionSpec(name: "version", kind: .flag, help: "Print the version and exit"),
  ]

  /// The option named `name` (without dashes), if any.
  package static func named(_ name: String) -> OptionSpec? {
    all.first { $0.name == name }
  }
}
