// DemoManual: clickguard-demo(1) and its bash completion, from the demo's
// option table (OptionSpec.all), the summary and notes its --help shows,
// and the options GApplication and GTK add to every such program.

import ClickGuardCommandKit
import ClickGuardDemoKit

/// The demo's manual page and completion.
enum DemoManual {
  /// The help options GApplication adds, as its --help lists them.
  static let helpOptions = [
    ("--help-all", "Show all help options"), ("--help-gapplication", "Show GApplication options"),
    ("--help-gtk", "Show GTK+ Options"),
  ]
  /// The option GTK adds to the application options, with its placeholder and help.
  static let gtkOption = (name: "display", argument: "DISPLAY", help: "X display to use")

  /// clickguard-demo(1).
  static var page: ManualPage {
    let options: [ManualPage.Block] =
      [.definition(CommandManual.helpTerm, CommandManual.helpText)]
      + helpOptions.map { .definition(.options([$0.0]), $0.1) }
      + OptionSpec.all.map { .definition(.option($0.name, argument: $0.argumentName), $0.fullHelp) }
      + [.definition(.option(gtkOption.name, argument: gtkOption.argument), gtkOption.help)]
    let notes = DemoHelp.notes.map { note in
      ManualPage.Section(note.title.uppercased(), [.paragraph(sentence(note.text))])
    }
    return ManualPage(
      name: "clickguard-demo", section: 1, summary: "see ClickGuard stop repeated clicks in a lagging GTK 3 app",
      sections: [
        .init("SYNOPSIS", [.synopsis(program: "clickguard-demo", parameters: "[OPTION…]")]),
        .init(
          "DESCRIPTION",
          [
            .paragraph(DemoHelp.summary),
            .paragraph(
              "Click its buttons in bursts, with lag injected by the options below or its own controls, and "
                + "watch the action run once with the guard on, or again and again with it off: the counters "
                + "and the click timeline show every click and what was decided. With --log-file it writes "
                + "every decision and navigation as JSON lines."),
          ]),
        .init("OPTIONS", options),
      ] + notes + [
        .init(
          "SEE ALSO",
          [
            .paragraph(
              "clickguard(1). docs/demo.md in ClickGuard's documentation (/usr/share/doc/clickguard with the "
                + "Debian package) describes the window and the scenarios to try.")
          ])
      ])
  }

  /// `text` as a sentence: its first letter in capitals.
  static func sentence(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }

  /// The bash completion of clickguard-demo.
  static var completion: CompletionScript {
    let dashed = { (name: String) in "--" + name }
    let values = OptionSpec.all.filter { $0.argumentName != nil }.map { dashed($0.name) } + [dashed(gtkOption.name)]
    let files = OptionSpec.all.filter { $0.kind == .path }.map { dashed($0.name) }
    let options = ["--help"] + helpOptions.map(\.0) + OptionSpec.all.map { dashed($0.name) } + [dashed(gtkOption.name)]
    return CompletionScript(
      program: "clickguard-demo", levels: [.init(options: options, values: values, files: files, arguments: .none)])
  }
}
