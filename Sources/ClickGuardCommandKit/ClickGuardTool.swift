// ClickGuardTool: the clickguard command's entry point. The top-level
// GOption context reads --version and the subcommand; the subcommand's own
// context reads the rest.

import ClickGuardAppSupport
import ClickGuardGObject
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// The `clickguard` command.
package enum ClickGuardTool {
  /// The top-level parser: `clickguard [--version] COMMAND [OPTION…]`.
  static let parser = GOptionParser(
    program: "clickguard", parameters: "COMMAND [OPTION…]",
    summary: translatable("Keeps repeated clicks from running the same action twice in GTK 3 programs."),
    epilogue: localized("Commands:") + "\n"
      + Subcommand.allCases.map { "  \($0.rawValue.padded(to: 8))\(translated($0.summary))" }
      .joined(separator: "\n")
      + "\n\n" + localized("Run 'clickguard COMMAND --help' to see a command's options."),
    options: [CommandOption("version", help: translatable("Print the version and exit"))], stopsAtFirstArgument: true)

  /// Runs the command line `arguments` (the program name first), as the
  /// bytes of `argv`, and returns the exit status. `run` does not return
  /// when it starts the program.
  @MainActor
  package static func main(_ arguments: [ByteString]) -> Int32 {
    // GOption prints --help in the locale's encoding.
    setlocale(LC_ALL, "")
    do throws(CommandFailure) {
      let top = try parser.parse(Array(arguments.dropFirst()))
      if top.has("version") {
        print("clickguard \(ClickGuardVersion.current)")
        return ExitStatus.success
      }
      let commands = Subcommand.allCases.map(\.rawValue).joined(separator: ", ")
      guard let name = top.remaining.first else {
        throw .usage(
          localized("no command given (accepted: {commands}); run 'clickguard --help'").filling(["commands": commands]))
      }
      guard let command = name.string.flatMap(Subcommand.init(rawValue:)) else {
        throw .usage(
          localized("unknown command '{command}' (accepted: {commands})").filling([
            "command": name.displayName, "commands": commands,
          ]))
      }
      let parsed = try command.parser.parse(Array(top.remaining.dropFirst()))
      return try run(command, parsed)
    } catch {
      printError(error.message)
      return error.status
    }
  }

  /// Runs `command` with its parsed command line.
  @MainActor
  static func run(_ command: Subcommand, _ parsed: ParsedArguments) throws(CommandFailure) -> Int32 {
    switch command {
    case .run:
      try ProgramLauncher.exec(RunOptions(parsed))
    case .report:
      return ReportCommand.run(try ReportOptions(parsed))
    case .doctor:
      let options = try DoctorOptions(parsed)
      let toolkit = options.program.map { ($0, ProgramToolkit.of(ByteString($0))) }
      let report = DoctorReport(DoctorFacts.current(), program: options.program, toolkit: toolkit)
      write(report.text)
      return report.problems.isEmpty ? ExitStatus.success : ExitStatus.failure
    case .enable, .disable, .status:
      if let stray = parsed.remaining.first {
        throw .usage(
          localized("{command}: unexpected argument '{argument}' (accepted: none; see 'clickguard {command} --help')")
            .filling(["command": command.rawValue, "argument": stray.displayName]))
      }
      let session = DesktopSwitch.Session.current()
      if command == .status {
        let status = DesktopSwitch.status(session)
        write(status.lines.joined(separator: "\n") + "\n")
        return status.inForce ? ExitStatus.success : ExitStatus.failure
      }
      var lines = try command == .enable ? DesktopSwitch.enable(session) : DesktopSwitch.disable(session)
      if command == .enable {
        let advice = DesktopSwitch.adviceWhenNotTakenUp(in: session)
        if !advice.isEmpty, DoctorFacts.displayListsClickGuard(within: 3) == false { lines += advice }
      }
      write(lines.joined(separator: "\n") + "\n")
      return ExitStatus.success
    }
  }

  /// Prints `message` on standard error, after the program name.
  static func printError(_ message: String) {
    _ = LineWriter.append("clickguard: \(message)", to: STDERR_FILENO)
  }

  /// Writes `text` to standard output as it is.
  static func write(_ text: String) {
    var text = text
    _ = text.withUTF8 { LineWriter.write(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
  }
}
