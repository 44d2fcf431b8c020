import ClickGuardAppSupport
import ClickGuardCommandKit
import ClickGuardGObject

/// The command's option parsing (GOption through ``GOptionParser``, then
/// each subcommand's checks) on raw argument bytes.
///
/// The first byte picks the subcommand; the rest, split at NUL bytes, are
/// the arguments (a NUL is the one byte an argument cannot hold). `--help`
/// in any spelling is left out: GOption prints the help and ends the process.
///
/// Invariants: bytes stay bytes (each remaining argument is one of the
/// arguments given, in order, and each option's value is an argument or
/// the end of one, `--name=VALUE` or `-xVALUE`, unchanged); a refusal is a usage error with
/// words.
enum OptionsFuzz {
  static func run(_ input: UnsafeRawBufferPointer) {
    guard let first = input.first else { return }
    let subcommand = Subcommand.allCases[Int(first) % Subcommand.allCases.count]
    let arguments = input.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map {
      ByteString(bytes: Array($0))
    }.filter { !asksForHelp($0.bytes) }
    let parsed: ParsedArguments
    do {
      parsed = try subcommand.parser.parse(arguments)
    } catch {
      guard error.status == ExitStatus.usage, !error.message.isEmpty else {
        fatalError("options: a refusal that is not a usage error: \(error)")
      }
      return
    }
    guard isSubsequence(parsed.remaining, of: arguments) else {
      fatalError("options: remaining arguments that were not given: \(parsed.remaining)")
    }
    for option in parsed.options {
      guard let value = option.value else { continue }
      let given = arguments.contains {
        $0.bytes.count >= value.bytes.count && $0.bytes.suffix(value.bytes.count).elementsEqual(value.bytes)
      }
      guard given else { fatalError("options: --\(option.name)'s value \(value) is not an argument given") }
    }
    switch subcommand {
    case .run: _ = try? RunOptions(parsed)
    case .report: _ = try? ReportOptions(parsed)
    case .doctor: _ = try? DoctorOptions(parsed)
    case .enable, .disable, .status: break
    }
  }

  /// `--help`, `--help-all`, `--help-…`, `-h` or `-?` (alone or among short
  /// options), which end the process.
  private static func asksForHelp(_ argument: [UInt8]) -> Bool {
    if argument.starts(with: Array("--help".utf8)) { return true }
    guard argument.count >= 2, argument[0] == UInt8(ascii: "-"), argument[1] != UInt8(ascii: "-") else { return false }
    return argument.contains(UInt8(ascii: "h")) || argument.contains(UInt8(ascii: "?"))
  }

  private static func isSubsequence(_ items: [ByteString], of all: [ByteString]) -> Bool {
    var rest = all[...]
    for item in items {
      guard let index = rest.firstIndex(of: item) else { return false }
      rest = rest[(index + 1)...]
    }
    return true
  }
}
