// RunOptionsTests: `clickguard run`'s options become the module's variables;
// values the module would refuse are refused up front, naming the option.

import ClickGuardCommandKit
import Testing

@Suite struct RunOptionsTests {
  private func options(_ arguments: [String]) throws(CommandFailure) -> RunOptions {
    try RunOptions(Subcommand.run.parser.parse(arguments))
  }

  @Test func givenOptionsBecomeTheModuleVariables() throws {
    let run = try options(["--interval-ms", "300", "--observe", "--log", "/tmp/x.log", "--", "gedit", "--new"])
    #expect(
      run.environment == [
        "CLICKGUARD_INTERVAL_MS": "300", "CLICKGUARD_MODE": "observe", "CLICKGUARD_LOG": "/tmp/x.log",
      ])
    #expect(run.command == ["gedit", "--new"])
  }
}
