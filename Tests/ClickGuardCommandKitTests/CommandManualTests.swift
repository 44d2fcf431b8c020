// CommandManualTests: clickguard(1) defines every option of every command's
// table, every variable the module and the command read, every key and
// selector of the rules file and every exit status; its roff is escaped so
// that nothing in the text reads as a request.

import ClickGuard
import ClickGuardAppSupport
import ClickGuardGtkModule
import ClickGuardRules
import Testing

@testable import ClickGuardCommandKit

@Suite struct CommandManualTests {
  private let roff = CommandManual.page.roff

  /// The blocks of the section `title`.
  private func section(_ title: String) -> [ManualPage.Block] {
    CommandManual.page.sections.first { $0.title == title }?.blocks ?? []
  }

  /// The literal terms a section defines (variables, keys, statuses).
  private func literals(_ title: String) -> [String] {
    section(title).compactMap { block in
      guard case .definition(.literal(let literal), _) = block else { return nil }
      return literal
    }
  }

  @Test func everyOptionOfEveryTableIsDefinedOnceWithHelp() {
    let tables = ClickGuardTool.parser.options + Subcommand.allCases.flatMap(\.parser.options)
    // Each table's options, plus GOption's --help at the top and in each command.
    let expected =
      tables.map(\.dashed) + Array(repeating: ["-h", "--help"], count: 1 + Subcommand.allCases.count).flatMap { $0 }
    #expect(CommandManual.page.optionNames.sorted() == expected.sorted())
    for option in tables { #expect(roff.contains(option.help.roffEscaped), "\(option.dashed)") }
  }

  @Test func everyVariableTheModuleOrTheCommandReadsIsDescribed() {
    let variables = ModuleConfiguration.variables + [RulesFileLocation.variable, ModuleLocator.variable]
    let described = literals("ENVIRONMENT")
    for variable in variables { #expect(described.contains(variable), "\(variable)") }
  }

  @Test func everyRulesFileKeyAndSelectorIsDescribedWithWhatItAccepts() {
    let files = literals("FILES")
    for key in RuleKey.allCases {
      #expect(files.contains(key.rawValue), "\(key.rawValue)")
      #expect(roff.contains(key.accepted.roffEscaped), "\(key.rawValue)")
    }
    for kind in RuleSelector.Kind.allCases { #expect(files.contains(kind.rawValue + "="), "\(kind.rawValue)") }
  }

  @Test func everyExitStatusIsDescribed() {
    let statuses = [
      ExitStatus.success, ExitStatus.failure, ExitStatus.usage, ExitStatus.cannotExecute, ExitStatus.notFound,
    ]
    #expect(literals("EXIT STATUS") == statuses.map { "\($0)" })
  }

  @Test func theNameLineAndTheHeaderCarryTheProgramAndTheVersion() {
    #expect(roff.contains("\n.SH NAME\nclickguard \\- keep repeated clicks"))
    #expect(roff.contains(".TH CLICKGUARD 1 \"\" \"ClickGuard \(ClickGuardVersion.current)\""))
  }

  @Test func roffEscapingKeepsTextFromReadingAsRequests() {
    #expect("--log".roffEscaped == "\\-\\-log")
    #expect(".hidden\n'quoted".roffEscaped == "\\&.hidden\n\\&'quoted")
    #expect("a\\b".roffEscaped == "a\\eb")
    #expect("[ARG…]".roffEscaped == "[ARG\\[u2026]]")
    #expect("[OPTION…] [--] APP".roffPlaceholders == "[\\fIOPTION\\fR\\[u2026]] [\\-\\-] \\fIAPP\\fR")
  }
}
