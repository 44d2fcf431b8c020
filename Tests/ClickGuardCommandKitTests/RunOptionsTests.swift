// RunOptionsTests: `clickguard run`'s options become the module's variables;
// values the module would refuse are refused up front, naming the option,
// the value and what is accepted (exit status 2).

import ClickGuardAppSupport
import ClickGuardCommandKit
import Testing

@Suite struct RunOptionsTests {
  private func options(_ arguments: [ByteString]) throws(CommandFailure) -> RunOptions {
    try RunOptions(Subcommand.run.parser.parse(arguments))
  }

  private func failure(_ arguments: [ByteString]) -> CommandFailure? {
    do {
      _ = try options(arguments)
      return nil
    } catch {
      return error
    }
  }

  @Test func givenOptionsBecomeTheModuleVariables() throws {
    let run = try options(["--interval-ms", "300", "--observe", "--log", "/tmp/x.log", "--", "gedit", "--new"])
    #expect(
      run.environment == [
        "CLICKGUARD_INTERVAL_MS": "300", "CLICKGUARD_MODE": "observe", "CLICKGUARD_LOG": "/tmp/x.log",
      ])
    #expect(run.command == ["gedit", "--new"])
  }

  @Test func optionsNotGivenSetNothing() throws {
    let run = try options(["gedit"])
    #expect(run.environment.isEmpty)
    #expect(run.command == ["gedit"])
  }

  @Test func theFenceStallsAndRulesFileHaveTheirVariables() throws {
    let run = try options([
      "--no-fence", "--settle-ms=300", "--stall-ms", "800", "--periodic-stall-ms", "200", "--periodic-every-ms",
      "900", "--config", "rules.conf", "app",
    ])
    #expect(
      run.environment == [
        "CLICKGUARD_FENCE": "off", "CLICKGUARD_SETTLE_MS": "300", "CLICKGUARD_STALL_MS": "800",
        "CLICKGUARD_PERIODIC_STALL_MS": "200", "CLICKGUARD_PERIODIC_EVERY_MS": "900", "CLICKGUARD_CONFIG": "rules.conf",
      ])
  }

  @Test func theProgramsOwnOptionsStayWithItWithoutDashes() throws {
    let run = try options(["--interval-ms", "200", "app", "--interval-ms", "9", "--observe"])
    #expect(run.environment == ["CLICKGUARD_INTERVAL_MS": "200"])
    #expect(run.command == ["app", "--interval-ms", "9", "--observe"])
  }

  @Test func aLaterValueWins() throws {
    #expect(try options(["--interval-ms", "100", "--interval-ms", "250", "app"]).environment.values.first == "250")
  }

  @Test(arguments: [
    (
      ["--interval-ms", "70000", "app"],
      "--interval-ms: '70000' is not accepted (accepted: whole milliseconds from 0 to 60000)"
    ),
    (
      ["--interval-ms=fast", "app"],
      "--interval-ms: 'fast' is not accepted (accepted: whole milliseconds from 0 to 60000)"
    ),
    (["--interval-ms=", "app"], "--interval-ms: '' is not accepted (accepted: whole milliseconds from 0 to 60000)"),
    (["--stall-ms", "-5", "app"], "--stall-ms: '-5' is not accepted (accepted: whole milliseconds from 0 to 60000)"),
    (
      ["--periodic-every-ms", "5", "app"],
      "--periodic-every-ms: '5' is not accepted (accepted: whole milliseconds from 10 to 600000)"
    ),
    (
      ["--periodic-stall-ms", "2000", "app"],
      "--periodic-stall-ms: '2000' is not accepted (accepted: whole milliseconds shorter than --periodic-every-ms (1000))"
    ),
    (
      ["--settle-ms", "9000", "app"],
      "--settle-ms: '9000' is not accepted (accepted: whole milliseconds from 0 to 5000)"
    ),
    (["--log=", "app"], "--log: '' is not accepted (accepted: a file path, or '-' for standard error)"),
  ])
  func aBadValueNamesTheOptionAndWhatIsAccepted(arguments: [String], message: String) {
    #expect(failure(arguments.map { ByteString($0) }) == CommandFailure.usage(message))
  }

  @Test func noProgramIsAUsageError() {
    let error = failure(["--observe"])
    #expect(error?.status == ExitStatus.usage)
    #expect(error?.message.contains("no program given") == true)
    #expect(failure(["--observe", "--"])?.status == ExitStatus.usage)
  }

  @Test func anUnknownOptionOrAMissingValueIsAUsageErrorNamingIt() {
    let unknown = failure(["--intervall-ms", "5", "app"])
    #expect(unknown?.status == ExitStatus.usage)
    #expect(unknown?.message.contains("--intervall-ms") == true)
    let missing = failure(["--interval-ms"])
    #expect(missing == .usage("--interval-ms: needs a value (accepted: whole milliseconds from 0 to 60000)"))
  }

  @Test func aMissingRulesFileOrLogDirectoryIsNamed() throws {
    let run = try options(["--config", "/etc/nope.conf", "--log", "/no/dir/x.log", "app"])
    let files: Set<ByteString> = ["/home/u/rules.conf"]
    let directories: Set<ByteString> = ["/tmp", "/", "."]
    func check(_ run: RunOptions) -> CommandFailure? {
      do {
        try run.checkPaths(isRegularFile: { files.contains($0) }, directoryExists: { directories.contains($0) })
        return nil
      } catch {
        return error
      }
    }
    #expect(
      check(run)
        == .usage("--config: '/etc/nope.conf' is not accepted (accepted: an existing rules file (a regular file))"))
    let log = try options(["--config", "/home/u/rules.conf", "--log", "/no/dir/x.log", "app"])
    #expect(
      check(log)
        == .usage(
          "--log: '/no/dir/x.log' is not accepted (accepted: a file in an existing directory, or '-' for standard error)"
        ))
    for good: ByteString in ["/tmp/x.log", "x.log", "/x.log", "-"] {
      #expect(check(try options(["--log", good, "app"])) == nil, "\(good)")
    }
  }
}
