// Subcommand: the clickguard command's subcommands, each with its GOption
// parser (usage line, summary, options).

/// One subcommand of `clickguard`.
public enum Subcommand: String, CaseIterable, Sendable {
  /// `clickguard run`: runs a program with the module.
  case run
  /// `clickguard report`: summarises decision logs.
  case report
  /// `clickguard doctor`: checks the installation and the settings.
  case doctor

  /// One line for the list of commands in `clickguard --help`.
  public var summary: String {
    switch self {
    case .run: "Run a GTK 3 program with ClickGuard loaded"
    case .report: "Summarise ClickGuard decision logs, suggest rules"
    case .doctor: "Check where the module is, whether GTK finds it, the settings in force"
    }
  }

  /// The parser of this subcommand's options.
  public var parser: GOptionParser {
    switch self {
    case .run:
      GOptionParser(
        program: "clickguard run", parameters: "[--] APP [ARG…]",
        summary: "Runs APP with the ClickGuard GTK 3 module loaded and these settings. "
          + "APP replaces clickguard: its exit status and signals are its own.",
        epilogue: "Exit status: APP's own; 2 for a bad command line, 1 when the module is not found, "
          + "127 when APP is not found, 126 when it cannot be executed.",
        options: RunOptions.options, stopsAtFirstArgument: true)
    case .report:
      GOptionParser(
        program: "clickguard report", parameters: "[FILE…]",
        summary: "Summarises ClickGuard decision logs (JSON lines, as CLICKGUARD_LOG or --log writes them): "
          + "per program and widget, what was accepted and dropped and why; the widgets repeated most; "
          + "rules for widgets that look repeated on purpose. A FILE is a regular file or a FIFO, read as a stream; "
          + "standard input is read for - or when no FILE is given.",
        epilogue: "Exit status: 0; 1 when a FILE cannot be read (the others are still reported); 2 for a bad "
          + "command line or a FILE that is a device or a directory. Lines that are not decisions are counted "
          + "and listed once, not fatal.",
        options: ReportOptions.options)
    case .doctor:
      GOptionParser(
        program: "clickguard doctor", parameters: "",
        summary: "Shows the GTK version, where the ClickGuard module is and whether GTK finds it by name, "
          + "whether it is switched on for every app, and the settings in force with where each came from.",
        epilogue: "Exit status: 0 when no problem was found, 1 when one was (listed at the end), 2 for a bad "
          + "command line.",
        options: DoctorOptions.options)
    }
  }
}
