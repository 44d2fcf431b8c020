// ByteArgumentsTests: bytes that are not UTF-8 stay bytes through the
// command: GOption hands back option values and the program's arguments
// unchanged, `run` keeps them for setenv and execvp, GTK3_MODULES entries
// pass through, messages show such a byte as \xFF.

import ClickGuardAppSupport
import ClickGuardCommandKit
import Testing

@Suite struct ByteArgumentsTests {
  private let invalid = ByteString(bytes: [0x2F, 0x74, 0xFF, 0x2F, 0x6C, 0x6F, 0x67])  // "/t\xFF/log"

  @Test func aByteThatIsNotUTF8IsShownEscapedAndKept() {
    #expect(invalid.string == nil)
    #expect(invalid.displayName == "/t\\xFF/log")
    #expect(ByteString(bytes: [0x63, 0xC3, 0xA9, 0x05, 0xC3]).displayName == "c\u{E9}\u{05}\\xC3")
    #expect(invalid.withCString { ByteString(cString: $0) } == invalid)
    #expect(invalid.directoryPart == ByteString(bytes: [0x2F, 0x74, 0xFF]))
    #expect(invalid.lastComponent == "log")
  }

  @Test func runKeepsTheProgramItsArgumentsAndTheLogAsBytes() throws {
    let program = ByteString(bytes: [0x2F, 0x62, 0xFF])
    let argument = ByteString(bytes: [0xFF])
    let run = try RunOptions(Subcommand.run.parser.parse(["--log", invalid, "--config", invalid, program, argument]))
    #expect(run.command == [program, argument])
    #expect(run.environment == ["CLICKGUARD_LOG": invalid, "CLICKGUARD_CONFIG": invalid])
  }

  @Test func aBadValueThatIsNotUTF8IsNamedEscaped() {
    #expect(throws: CommandFailure.badValue("--interval-ms", "5\\xFF", accepted: "whole milliseconds from 0 to 60000"))
    {
      try RunOptions(Subcommand.run.parser.parse(["--interval-ms", ByteString(bytes: [0x35, 0xFF]), "app"]))
    }
  }

  @Test func anotherModulesPathInGtk3ModulesPassesThroughExactly() {
    let other = ByteString(bytes: [0x2F, 0x6D, 0xFF, 0x2E, 0x73, 0x6F])
    let list = GtkModuleList(other + ":clickguard:" + other)
    #expect(
      list.leading(with: "/b/libclickguard-gtk-module.so").value == "/b/libclickguard-gtk-module.so:" + other + ":"
        + other)
  }
}
