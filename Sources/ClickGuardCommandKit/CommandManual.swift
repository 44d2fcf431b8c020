// CommandManual: clickguard(1), built from the tables the command parses
// with (ClickGuardTool.parser, each Subcommand's parser and options), the
// rules file's keys and selectors, the exit statuses, and the text here for
// what no table holds (the variables, the files, examples).

import ClickGuardAppSupport
import ClickGuardRules

/// The manual page of the `clickguard` command.
package enum CommandManual {
  /// The options GOption adds to every context: `--help` lists them.
  package static let helpTerm = ManualPage.Term.options(["-h", "--help"])
  /// GOption's words for them.
  package static let helpText = "Show help options"

  /// clickguard(1).
  package static var page: ManualPage {
    ManualPage(
      name: "clickguard", section: 1,
      summary: "keep repeated clicks from running the same action twice in GTK 3 programs",
      sections: [
        .init("SYNOPSIS", synopsis), .init("DESCRIPTION", description),
        .init("OPTIONS", options(of: ClickGuardTool.parser)),
        .init("COMMANDS", commands), .init("ENVIRONMENT", environment), .init("FILES", files),
        .init("EXIT STATUS", exitStatus), .init("EXAMPLES", examples), .init("SEE ALSO", seeAlso),
      ])
  }

  /// One usage line per way to call it.
  static var synopsis: [ManualPage.Block] {
    [.synopsis(program: "clickguard", parameters: "[OPTION…]")]
      + Subcommand.allCases.map { .synopsis(program: $0.parser.program, parameters: usage(of: $0.parser)) }
  }

  /// What follows the program in GOption's usage line.
  static func usage(of parser: GOptionParser) -> String {
    parser.parameters.isEmpty ? "[OPTION…]" : "[OPTION…] " + parser.parameters
  }

  static var description: [ManualPage.Block] {
    [
      .paragraph(ClickGuardTool.parser.summary),
      .paragraph(
        "ClickGuard drops the repeats of a click on one control (a trembling hand, a bouncing mouse button, "
          + "impatient clicks while an app lags) so the action runs once, and drops input made for content "
          + "that was not there yet (a page or dialog that appeared under the pointer). Its GTK 3 module "
          + "guards any GTK 3 program without changing it; clickguard runs a program with the module, "
          + "summarises the decision logs the module writes, and checks an installation."),
      .paragraph(
        "The options are read by GLib's GOption: every command takes --help, and a value may follow its "
          + "option as the next argument or after an equals sign (--interval-ms=300)."),
    ]
  }

  /// The options of `parser`, with GOption's own help options first, as
  /// --help lists them.
  static func options(of parser: GOptionParser) -> [ManualPage.Block] {
    [.definition(helpTerm, helpText)]
      + parser.options.map { .definition(.option($0.name, argument: $0.argument), $0.help) }
  }

  static var commands: [ManualPage.Block] {
    Subcommand.allCases.flatMap { command -> [ManualPage.Block] in
      let parser = command.parser
      return [
        .subsection(parser.program), .synopsis(program: parser.program, parameters: usage(of: parser)),
        .paragraph(parser.summary),
      ] + options(of: parser) + (parser.epilogue.map { [.paragraph($0)] } ?? [])
    }
  }

  /// The variables the module and the command read. Options of
  /// `clickguard run` set the module's; set by hand, they work without it.
  static var environment: [ManualPage.Block] {
    let variables: [(String, String)] = [
      (
        ModuleConfiguration.modeVariable,
        "enforce, observe or off (any case; default enforce): observe runs every click but logs the ones it "
          + "would drop; off judges nothing."
      ),
      (
        ModuleConfiguration.intervalVariable,
        "Whole milliseconds, 0 to 60000 (default 500): how long after a click's work finishes its repeats "
          + "are dropped."
      ),
      (
        ModuleConfiguration.logVariable,
        "A file to append one JSON line per decision to (a FIFO only while a process reads it), or - for "
          + "standard error. No log by default."
      ),
      (
        ModuleConfiguration.stallVariable,
        "Whole milliseconds, 0 to 60000 (default 0, off): blocks the main loop this long on each accepted "
          + "click, like a slow handler, to try lag by hand."
      ),
      (
        ModuleConfiguration.periodicStallVariable,
        "Whole milliseconds, 0 to 60000, shorter than \(ModuleConfiguration.periodicEveryVariable) "
          + "(default 0, off): blocks the main loop this long, again and again."
      ),
      (
        ModuleConfiguration.periodicEveryVariable,
        "Whole milliseconds, 10 to 600000 (default 1000): how long the program runs between two periodic stalls."
      ),
      (
        ModuleConfiguration.fenceVariable,
        "on, off, true, false, 1 or 0 (default on): the fresh-content fence; off lets input reach new "
          + "windows, dialogs, popovers and pages at once."
      ),
      (
        ModuleConfiguration.settleVariable,
        "Whole milliseconds, 0 to 5000 (default: GTK's gtk-double-click-time, 400): how long after fresh "
          + "content appeared input made for it is still dropped."
      ),
      (
        ModuleConfiguration.profileVariable,
        "lag or bounce (default lag): lag drops repeats made while a program lags; bounce drops a press less "
          + "than the interval (default 300) after the previous press on the same control, toggles included."
      ),
      (
        ModuleConfiguration.feedbackVariable,
        "off or bell (default off): bell rings the error bell on a widget whose click was dropped."
      ),
      (
        RulesFileLocation.variable,
        "The rules file to read (a regular file of at most 256 KiB) instead of the one under FILES."
      ),
      (
        ModuleLocator.variable,
        "The module clickguard run loads, instead of looking for it beside the command and in GTK's module "
          + "directories. If it is set and missing, run stops."
      ),
      (
        "GTK3_MODULES",
        "The GTK 3 modules every program started with it loads: GTK3_MODULES=clickguard switches ClickGuard "
          + "on without clickguard run. GTK_PATH adds directories GTK looks for modules in."
      ),
    ]
    return variables.map { .definition(.literal($0.0), $0.1) } + [
      .paragraph(
        "An unset or empty variable takes the default. A value that is not accepted takes the default too, "
          + "and the module prints one message naming the variable, the value and what is accepted: the "
          + "program keeps running. A variable, when set, wins over the rules file's [default] and program "
          + "groups; widget groups win over it.")
    ]
  }

  static var files: [ManualPage.Block] {
    [
      .definition(
        .literal("~/.config/clickguard/clickguard.conf"),
        "The rules file ($XDG_CONFIG_HOME/clickguard/clickguard.conf; $\(RulesFileLocation.variable) names "
          + "another): settings per program and per widget, in GLib's key-file syntax. A missing file is "
          + "silent; a line that is not accepted gives one message and is ignored."),
      .example([
        "# Every program.", "[default]", "interval-ms=500", "", "# One program, by its g_get_prgname().",
        "[gnome-calculator]", "interval-ms=300", "", "# Widgets of that program, picked by a selector.",
        "[gnome-calculator: class=number-button]", "policy=exempt", "", "# Widgets of any program.",
        "[*: type=GtkSpinButton]", "policy=exempt",
      ]),
      .paragraph(
        "Groups: [default] for every program; [PROGRAM] for the program whose g_get_prgname() is PROGRAM "
          + "(usually its executable's name); [PROGRAM: SELECTOR] for the widgets of PROGRAM the selector "
          + "picks; [*: SELECTOR] for those widgets in any program. A selector is KIND=VALUE, compared exactly:"),
    ] + RuleSelector.Kind.allCases.map { .definition(.literal($0.rawValue + "="), meaning(of: $0)) } + [
      .paragraph("Keys, in any group unless said otherwise:")
    ] + RuleKey.allCases.map { .definition(.literal($0.rawValue), meaning(of: $0)) } + [
      .paragraph(
        "What wins, highest first: a widget group of the program, a widget group of *, the environment "
          + "variables, the program group, [default], the built-in default. Run the program once with "
          + "\(ModuleConfiguration.modeVariable)=observe and \(ModuleConfiguration.logVariable) set, and "
          + "click a widget: its log line carries what its selectors match. clickguard report suggests rules."),
      .definition(
        .literal("/usr/lib/<multiarch>/gtk-3.0/modules/libclickguard.so"),
        "The module, where GTK looks for it by name (GTK3_MODULES=clickguard, gtk-modules=clickguard)."),
      .definition(
        .literal("~/.config/gtk-3.0/settings.ini"),
        "gtk-modules=clickguard in its [Settings] group switches the module on for every GTK 3 program of "
          + "the user; a settings daemon's XSETTINGS can override it (clickguard doctor says so)."),
    ]
  }

  /// A selector kind in words; a new kind does not compile until it is here.
  static func meaning(of kind: RuleSelector.Kind) -> String {
    switch kind {
    case .id: "The widget's GtkBuilder id (the log's id field)."
    case .name: "The widget name (gtk_widget_set_name, CSS #name)."
    case .accessible: "The accessible name, what a screen reader says (the log's accessible field)."
    case .label: "A button's or menu item's label; _Load matches Load too (the log's label field)."
    case .type: "A GType name: the widget's type or a type it derives from (the log's widget field)."
    case .class: "A CSS style class the widget has."
    }
  }

  /// A rules file key in words, with what it accepts as the module checks it.
  static func meaning(of key: RuleKey) -> String {
    let accepted = "Accepted: \(key.accepted)."
    return switch key {
    case .mode: "How repeats are judged (default enforce). " + accepted
    case .intervalMs: "How long after a click's work finishes its repeats are dropped (default 500). " + accepted
    case .maxBusyMs:
      "How long a click's work may keep its gate closed, at least interval-ms (default 10000). " + accepted
    case .policy:
      "Widget groups only: guarded judges the widget even if it is a toggle or check button; exempt never "
        + "judges it. " + accepted
    case .fence: "The fresh-content fence (default true). " + accepted
    case .settleMs: "How long fresh content is fenced (default: GTK's double-click time). " + accepted
    case .profile:
      "Program groups only: lag (the default) or bounce, for clicks that bounce (a hand tremor): a press "
        + "less than interval-ms (default 300 then) after the previous press on a control is dropped, "
        + "toggles and check buttons included. " + accepted
    case .feedback:
      "Program groups only: bell rings the error bell on a widget whose click was dropped (default off). "
        + accepted
    case .repeats:
      "Whether a person's repeats act (default true): a keypad key, a stepper, Undo, Zoom or Next pressed "
        + "again at a person's pace, still in place and with nothing new shown, acts each time. On a widget, "
        + "true treats it so whatever its kind, false drops its repeats within interval-ms. " + accepted
    }
  }

  static var exitStatus: [ManualPage.Block] {
    [
      .definition(.literal("\(ExitStatus.success)"), "Done (doctor: no problem found)."),
      .definition(
        .literal("\(ExitStatus.failure)"),
        "run: the module was not found. report: a FILE could not be read (the others are still reported). "
          + "doctor: a problem was found."),
      .definition(
        .literal("\(ExitStatus.usage)"),
        "A bad command line: an unknown command or option, a missing or bad value, no program to run; "
          + "report: a FILE that is a device or a directory."),
      .definition(.literal("\(ExitStatus.cannotExecute)"), "run: APP was found but cannot be executed."),
      .definition(.literal("\(ExitStatus.notFound)"), "run: APP was not found."),
      .paragraph("Otherwise, after run: APP's own exit status (clickguard run replaces itself with APP)."),
    ]
  }

  static var examples: [ManualPage.Block] {
    [
      .paragraph("Run gedit guarded; find the repeats in an app without dropping them; read the log:"),
      .example([
        "clickguard run gedit", "clickguard run --observe --log /tmp/clicks.jsonl gtk3-widget-factory",
        "clickguard report /tmp/clicks.jsonl",
      ]),
      .paragraph("See the settings a program gets, and guard one without clickguard:"),
      .example(["clickguard doctor --program gnome-calculator", "GTK3_MODULES=clickguard gnome-calculator"]),
    ]
  }

  static var seeAlso: [ManualPage.Block] {
    [
      .paragraph(
        "clickguard-demo(1). The full documentation, docs/command.md and docs/module.md, is in "
          + "/usr/share/doc/clickguard with the Debian package.")
    ]
  }
}
