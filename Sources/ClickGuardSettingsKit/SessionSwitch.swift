import ClickGuardAppSupport
import ClickGuardCommandKit

/// The session's ClickGuard switch as the window uses it: `clickguard
/// enable`, `disable` and `status` (``DesktopSwitch``), each returning the
/// lines that say what it did and how to undo it. Tests give the window a
/// switch of their own.
package struct SessionSwitch: Sendable {
  /// Switches ClickGuard on; the lines to show.
  package var enable: @MainActor @Sendable () throws(CommandFailure) -> [String]
  /// Switches it off; the lines to show.
  package var disable: @MainActor @Sendable () throws(CommandFailure) -> [String]
  /// The status lines, and whether ClickGuard is in force for GTK 3 apps
  /// started from here.
  package var status: @MainActor @Sendable () -> (lines: [String], inForce: Bool)
  /// What to do when ClickGuard, switched on, is still not in force
  /// (``DesktopSwitch/adviceWhenNotTakenUp(in:)``).
  package var adviceWhenNotTakenUp: @MainActor @Sendable () -> [String]

  /// A switch from its commands.
  package init(
    enable: @escaping @MainActor @Sendable () throws(CommandFailure) -> [String],
    disable: @escaping @MainActor @Sendable () throws(CommandFailure) -> [String],
    status: @escaping @MainActor @Sendable () -> (lines: [String], inForce: Bool),
    adviceWhenNotTakenUp: @escaping @MainActor @Sendable () -> [String] = { [] }
  ) {
    self.enable = enable
    self.disable = disable
    self.status = status
    self.adviceWhenNotTakenUp = adviceWhenNotTakenUp
  }

  /// This desktop session's switch, as `clickguard enable|disable|status`.
  package static let desktop = SessionSwitch(
    enable: { () throws(CommandFailure) in try DesktopSwitch.enable(.current()) },
    disable: { () throws(CommandFailure) in try DesktopSwitch.disable(.current()) },
    status: { DesktopSwitch.status(.current()) },
    adviceWhenNotTakenUp: { DesktopSwitch.adviceWhenNotTakenUp(in: .current()) })
}
