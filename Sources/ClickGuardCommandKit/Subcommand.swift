// Subcommand: the clickguard command's subcommands, each with its GOption
// parser (usage line, summary, options).
import ClickGuardAppSupport
import ClickGuardGObject

/// One subcommand of `clickguard`.
package enum Subcommand: String, CaseIterable, Sendable {
  /// `clickguard run`: runs a program with the module.
  case run
  /// `clickguard report`: summarises decision logs.
  case report
  /// `clickguard doctor`: checks the installation and the settings.
  case doctor
  /// `clickguard enable`: switches ClickGuard on for the user's GTK 3 apps.
  case enable
  /// `clickguard disable`: undoes `enable`.
  case disable
  /// `clickguard status`: whether ClickGuard is on, by which switch.
  case status

  /// One line for the list of commands in `clickguard --help`, in English
  /// (marked translatable).
  package var summary: String {
    switch self {
    case .run: translatable("Run a GTK 3 program with ClickGuard loaded")
    case .report: translatable("Summarise ClickGuard decision logs, suggest rules")
    case .doctor: translatable("Check where the module is, whether GTK finds it, the settings in force")
    case .enable: translatable("Switch ClickGuard on for your GTK 3 apps (GNOME, Xfce: running ones too)")
    case .disable: translatable("Switch ClickGuard off again, restoring what enable changed")
    case .status: translatable("Show whether ClickGuard is on for GTK 3 apps, and which setting decides")
    }
  }

  /// The parser of this subcommand's options.
  package var parser: GOptionParser {
    switch self {
    case .run:
      GOptionParser(
        program: "clickguard run", parameters: "[--] APP [ARG…]",
        summary: translatable(
          "Runs APP with the ClickGuard GTK 3 module loaded and these settings. APP replaces clickguard: its exit status and signals are its own."
        ),
        epilogue: translatable(
          "Exit status: APP's own; 2 for a bad command line, 1 when the module is not found, 127 when APP is not found, 126 when it cannot be executed."
        ),
        options: RunOptions.options, stopsAtFirstArgument: true)
    case .report:
      GOptionParser(
        program: "clickguard report", parameters: "[FILE…]",
        summary: translatable(
          "Summarises ClickGuard decision logs (JSON lines, as CLICKGUARD_LOG or --log writes them): per program and widget, what was accepted and dropped and why; the widgets repeated most; rules for widgets that look repeated on purpose. A FILE is a regular file or a FIFO, read as a stream; standard input is read for - or when no FILE is given."
        ),
        epilogue: translatable(
          "Exit status: 0; 1 when a FILE cannot be read (the others are still reported); 2 for a bad command line or a FILE that is a device or a directory. Lines that are not decisions are counted and listed once, not fatal."
        ),
        options: ReportOptions.options)
    case .doctor:
      GOptionParser(
        program: "clickguard doctor", parameters: "",
        summary: translatable(
          "Shows the GTK version, where the ClickGuard module is and whether GTK finds it by name, whether it is switched on for every app, and the settings in force with where each came from."
        ),
        epilogue: translatable(
          "Exit status: 0 when no problem was found, 1 when one was (listed at the end), 2 for a bad command line."),
        options: DoctorOptions.options)
    case .enable:
      GOptionParser(
        program: "clickguard enable", parameters: "",
        summary: translatable(
          "Switches ClickGuard on for GTK 3 apps of the current user, the way that works in this session: in GNOME the GSettings key io.github.clickguard enabled (gsd-xsettings then lists the module in gtk-modules and running apps load it too), in Xfce the xfconf property xsettings /Gtk/Modules (xfsettingsd publishes it the same way), elsewhere gtk-modules in ~/.config/gtk-3.0/settings.ini, keeping the modules listed. Says what it changed and how to undo it."
        ),
        epilogue: translatable(
          "Exit status: 0 when ClickGuard is switched on (or was), 1 when a setting cannot be written, 2 for a bad command line."
        ),
        options: [])
    case .disable:
      GOptionParser(
        program: "clickguard disable", parameters: "",
        summary: translatable(
          "Undoes clickguard enable: sets io.github.clickguard enabled back to its default, removes clickguard from gsd's enabled-gtk-modules, from xfconf's xsettings /Gtk/Modules and from gtk-modules in settings.ini (the other modules, keys and comments stay). Running apps that loaded ClickGuard from gtk-modules stop guarding."
        ),
        epilogue: translatable("Exit status: 0; 1 when a setting cannot be written; 2 for a bad command line."),
        options: [])
    case .status:
      GOptionParser(
        program: "clickguard status", parameters: "",
        summary: translatable(
          "Shows each switch (io.github.clickguard enabled, gsd's enabled-gtk-modules, xfconf's xsettings /Gtk/Modules, settings.ini, GTK3_MODULES) and the gtk-modules the display publishes, which wins over settings.ini."
        ),
        epilogue: translatable(
          "Exit status: 0 when ClickGuard is on for GTK 3 apps started from here, 1 when it is not, 2 for a bad command line."
        ),
        options: [])
    }
  }
}
