// CommandLinePreflight: reads argv the way GOption will, before GApplication
// does, so unknown options and missing values exit with the usage status (2)
// and a message naming the option, instead of GApplication's status 1.

/// What a command line asks for.
public enum CommandLineRequest: Equatable, Sendable {
  /// Print help (GApplication prints it).
  case help
  /// Run with these (name, value) pairs; flags have `nil` values.
  case run([OptionPair])

  /// One option as given.
  public struct OptionPair: Equatable, Sendable {
    /// The name without dashes.
    public let name: String
    /// The value, or `nil` for a flag.
    public let value: String?
  }
}

extension DemoOptions {
  /// Options from pairs as ``CommandLinePreflight`` delivers them.
  public init(pairs: [CommandLineRequest.OptionPair]) throws(OptionError) {
    try self.init(values: pairs.map { ($0.name, $0.value) })
  }
}

/// Splits an argument list into options and values the way GOption does:
/// `--name VALUE` and `--name=VALUE` (the value may start with a dash),
/// flags alone, `--` ends the options.
public enum CommandLinePreflight {
  /// The help options GApplication itself handles.
  static let helpOptions: Set<String> = ["-h", "-?", "--help", "--help-all", "--help-gapplication", "--help-gtk"]
  /// GTK's and GApplication's own options that take a value: passed on.
  static let passthroughWithValue: Set<String> = ["display", "class", "name", "gtk-module"]
  /// GTK's and GApplication's own flags: passed on.
  static let passthroughFlags: Set<String> = ["g-fatal-warnings", "gapplication-service"]

  /// Reads `arguments` (without the program name).
  /// - Throws: ``OptionError`` for an unknown option, a flag given a value,
  ///   a missing value, or a stray argument.
  public static func scan(_ arguments: [String]) throws(OptionError) -> CommandLineRequest {
    if arguments.contains(where: { helpOptions.contains($0) }) { return .help }
    var pairs: [CommandLineRequest.OptionPair] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--"), argument != "--" else {
        if argument == "--", index < arguments.count {
          throw OptionError(option: nil, message: "unexpected argument '\(arguments[index])'; the demo takes no files")
        }
        if argument == "--" { continue }
        throw OptionError(
          option: nil,
          message: argument.hasPrefix("-")
            ? "unknown option '\(argument)'; see --help"
            : "unexpected argument '\(argument)'; the demo takes no files")
      }
      let body = argument.dropFirst(2)
      let name: String
      var value: String?
      if let equals = body.firstIndex(of: "=") {
        name = String(body[..<equals])
        value = String(body[body.index(after: equals)...])
      } else {
        name = String(body)
      }
      if passthroughFlags.contains(name) && value == nil { continue }
      if passthroughWithValue.contains(name) {
        if value == nil {
          guard index < arguments.count else {
            throw OptionError(option: "--\(name)", message: "needs a value")
          }
          index += 1
        }
        continue
      }
      guard let spec = OptionSpec.named(name) else {
        throw OptionError(option: "--\(name)", message: "unknown option; see --help")
      }
      if spec.kind == .flag {
        if value != nil { throw OptionError(option: "--\(name)", message: "takes no value") }
      } else if value == nil {
        guard index < arguments.count else {
          let accepted =
            if case .milliseconds(let range, _) = spec.kind { range.text } else { "a non-empty PATH" }
          throw OptionError(option: "--\(name)", message: "needs a value (accepted: \(accepted))")
        }
        value = arguments[index]
        index += 1
      }
      pairs.append(CommandLineRequest.OptionPair(name: name, value: value))
    }
    return .run(pairs)
  }
}
