// DemoOptions: the demo's settings from the command line, validated from
// plain strings as GOption hands them over (DemoCommandLine), so the rules
// are testable without GTK. Paths stay bytes (ByteString). Its errors are in
// the reader's language.

import ClickGuardGObject
import ClickGuardGtk

/// A command-line problem: names the option and what it accepts. The demo
/// prints ``description`` and exits with ``DemoExitStatus/usage``.
package struct OptionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The option at fault, with its dashes (`--interval-ms`), or `nil` for a
  /// stray argument.
  package let option: String?
  /// What is wrong, in words, in the reader's language.
  let message: String

  /// Creates an error about `option`.
  package init(option: String?, message: String) {
    self.option = option
    self.message = message
  }

  package var description: String {
    option.map { "\($0): \(message)" } ?? message
  }
}

/// The demo's exit statuses.
package enum DemoExitStatus {
  /// Ran and quit normally (also after --help and --quit-after-first-frame).
  static let success: Int32 = 0
  /// Could not run: resources missing, or a `--log-file` or `--screenshot`
  /// target refused or not writable (a device, a directory, a missing
  /// folder): the value is a well-formed path, the files on disk are what
  /// stop the demo.
  package static let failure: Int32 = 1
  /// A bad command line: unknown option, missing or invalid value.
  package static let usage: Int32 = 2
  /// No display could be opened.
  static let noDisplay: Int32 = 3
}

/// Every setting the command line can give the demo.
package struct DemoOptions: Equatable, Sendable {
  /// `--interval-ms`: the guard interval.
  package var intervalMs = 500
  /// `--stall-ms`: how long a main-loop stall lasts; 0 = none.
  package var stallMs = 0
  /// `--stall-every-ms`: stall periodically; 0 = once, on the next click.
  var stallEveryMs = 0
  /// `--handler-lag-ms`: synchronous lag inside the navigation handler.
  package var handlerLagMs = 0
  /// `--async-ms`: simulated load before an async navigation.
  package var asyncMs = 0
  /// `--transition-ms`: the page transition's length.
  package var transitionMs = 250
  /// `--navigate-later`: the navigation handler switches pages from a
  /// default-priority idle (`g_idle_add`) on a later main-loop turn, after
  /// input already queued, instead of inside the click handler.
  package var navigateLater = false
  /// `--no-guard` clears it.
  package var guardEnabled = true
  /// `--observe`: report drops without dropping.
  var observeOnly = false
  /// `--no-fence` clears it.
  package var fenceEnabled = true
  /// `--log-file`, as the bytes given.
  var logFile: ByteString?
  /// `--screenshot`, as the bytes given.
  package var screenshot: ByteString?
  /// `--quit-after-first-frame`.
  var quitAfterFirstFrame = false
  /// `--version`: print `clickguard-demo VERSION` and exit, before any
  /// window or display is needed.
  var printsVersion = false

  /// The defaults.
  package init() {}

  /// Sets the option `name` (without dashes) from `value` as GOption hands
  /// it over: `nil` for a flag given alone. A later value overrides an
  /// earlier one, as in GOption. A path option keeps `fileName`, the bytes
  /// given, when there is one (`value` is their text, for messages).
  /// - Throws: ``OptionError`` naming the option and the accepted values;
  ///   also for a flag given a value (`--no-fence=false` is not read as
  ///   `--no-fence`) and a path that starts with a dash (`--log-file --help`
  ///   is not a log file named `--help`).
  mutating func set(_ name: String, _ value: String?, fileName: ByteString? = nil) throws(OptionError) {
    guard let spec = OptionSpec.named(name) else {
      throw OptionError(option: "--\(name)", message: localized("unknown option"))
    }
    switch spec.kind {
    case .milliseconds(let range, _):
      let ms = try Self.milliseconds(value, option: "--\(name)", range: range)
      switch name {
      case "interval-ms": intervalMs = ms
      case "stall-ms": stallMs = ms
      case "stall-every-ms": stallEveryMs = ms
      case "handler-lag-ms": handlerLagMs = ms
      case "async-ms": asyncMs = ms
      default: transitionMs = ms
      }
    case .path:
      guard let value, !value.isEmpty else {
        throw OptionError(
          option: "--\(name)",
          message: localized("needs a file path (accepted: {accepted})").filling([
            "accepted": translated(OptionSpec.pathText)
          ]))
      }
      guard !value.hasPrefix("-") else {
        throw OptionError(
          option: "--\(name)",
          message: localized("'{value}' looks like an option, not a file path; write ./{value} for a file of that name")
            .filling(["value": value]))
      }
      let path = fileName ?? ByteString(value)
      if name == "log-file" { logFile = path } else { screenshot = path }
    case .flag:
      if value != nil { throw OptionError(option: "--\(name)", message: localized("takes no value")) }
      switch name {
      case "navigate-later": navigateLater = true
      case "no-guard": guardEnabled = false
      case "observe": observeOnly = true
      case "no-fence": fenceEnabled = false
      case "version": printsVersion = true
      default: quitAfterFirstFrame = true
      }
    }
  }

  /// Checks the rules between options: observe-only needs the guard on,
  /// and a periodic stall must be shorter than its period.
  /// - Throws: ``OptionError`` naming the options that conflict.
  func checkCombination() throws(OptionError) {
    if observeOnly && !guardEnabled {
      throw OptionError(
        option: "--observe",
        message: localized("cannot be combined with --no-guard (observe-only needs the guard on)"))
    }
    try StallLimit.check(stallMs: stallMs, everyMs: stallEveryMs)
  }

  /// Parses a whole number of milliseconds in `range`.
  /// - Throws: ``OptionError`` naming `option` and the accepted range.
  package static func milliseconds(_ text: String?, option: String, range: MillisecondRange) throws(OptionError) -> Int
  {
    let accepted = range.text(localized: true)
    guard let text, !text.isEmpty else {
      throw OptionError(
        option: option, message: localized("needs a value (accepted: {accepted})").filling(["accepted": accepted]))
    }
    let trimmed = text.hasPrefix("+") ? String(text.dropFirst()) : text
    let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw OptionError(
        option: option,
        message: localized("'{value}' is not a whole number of milliseconds (accepted: {accepted})").filling([
          "value": text, "accepted": accepted,
        ]))
    }
    guard let value = Int(trimmed), range.contains(value) else {
      throw OptionError(
        option: option,
        message: localized("{value} is out of range (accepted: {accepted})").filling([
          "value": text, "accepted": accepted,
        ]))
    }
    return value
  }

  /// The options as a command line that gives these settings (for logs and
  /// for launching the demo from a driver). A path that is not UTF-8 comes
  /// out repaired (U+FFFD): launch with its bytes to keep it.
  package var arguments: [String] {
    var result: [String] = []
    let defaults = DemoOptions()
    func add(_ name: String, _ value: Int, _ defaultValue: Int) {
      if value != defaultValue { result += ["--\(name)", String(value)] }
    }
    add("interval-ms", intervalMs, defaults.intervalMs)
    add("stall-ms", stallMs, defaults.stallMs)
    add("stall-every-ms", stallEveryMs, defaults.stallEveryMs)
    add("handler-lag-ms", handlerLagMs, defaults.handlerLagMs)
    add("async-ms", asyncMs, defaults.asyncMs)
    add("transition-ms", transitionMs, defaults.transitionMs)
    if navigateLater { result.append("--navigate-later") }
    if !guardEnabled { result.append("--no-guard") }
    if observeOnly { result.append("--observe") }
    if !fenceEnabled { result.append("--no-fence") }
    if let logFile { result += ["--log-file", Self.text(logFile)] }
    if let screenshot { result += ["--screenshot", Self.text(screenshot)] }
    if quitAfterFirstFrame { result.append("--quit-after-first-frame") }
    return result
  }

  /// A path's bytes as text, repairing what is not UTF-8.
  private static func text(_ name: ByteString) -> String {
    String(decoding: name.bytes, as: UTF8.self)
  }
}
