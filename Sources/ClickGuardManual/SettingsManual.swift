// SettingsManual: clickguard-settings(1): its one option (--version), those
// GApplication and GTK give every such program (the demo's list), what the
// window does and which files it writes.

import ClickGuardCommandKit
import ClickGuardSettingsKit

/// The settings window's manual page.
enum SettingsManual {
  /// clickguard-settings(1).
  static var page: ManualPage {
    let options: [ManualPage.Block] =
      [.definition(CommandManual.helpTerm, CommandManual.helpText)]
      + DemoManual.helpOptions.map { .definition(.options([$0.0]), $0.1) }
      + [
        .definition(
          .option(SettingsApplication.versionOption.name, argument: nil), SettingsApplication.versionOption.help),
        .definition(
          .option(DemoManual.gtkOption.name, argument: DemoManual.gtkOption.argument), DemoManual.gtkOption.help),
      ]
    return ManualPage(
      name: "clickguard-settings", section: 1,
      summary: "switch ClickGuard on for your session and set how it judges repeated clicks",
      sections: [
        .init("SYNOPSIS", [.synopsis(program: "clickguard-settings", parameters: "[OPTION…]")]),
        .init(
          "DESCRIPTION",
          [
            .paragraph(
              "A window for people whose clicks bounce, or whose apps lag: its switch \"Ignore repeated clicks "
                + "in GTK 3 apps\" runs clickguard enable or clickguard disable for your session and shows what "
                + "it did and how to undo it. The profile (lag or bounce) and the window in milliseconds are "
                + "written to the [default] group of your rules file as profile= and interval-ms=; running "
                + "GTK 3 apps with ClickGuard follow the file within a second."),
            .paragraph(
              "Its try-it pad judges your clicks as the module would under the chosen profile and window, and "
                + "says for each burst how many counted and how many were ignored. When ClickGuard's decision "
                + "log is on (CLICKGUARD_LOG in the session's environment), the window lists the apps in which "
                + "it ignored clicks, each with an Exempt toggle that writes mode=off to that app's group."),
          ]),
        .init("OPTIONS", options),
        .init(
          "FILES",
          [
            .paragraph(
              "$XDG_CONFIG_HOME/clickguard/clickguard.conf (or the file CLICKGUARD_CONFIG names): the rules "
                + "file. It is loaded afresh for each change, its other lines and comments kept, and written "
                + "through a new file renamed over it. A file that does not parse, or anything but a regular "
                + "file at that path (a symbolic link, a FIFO), is left as it is, and the window says why.")
          ]),
        .init(
          "SEE ALSO",
          [
            .paragraph(
              "clickguard(1). docs/module.md in ClickGuard's documentation (/usr/share/doc/clickguard with the "
                + "Debian package) describes the rules file and the decision log.")
          ]),
      ])
  }
}
