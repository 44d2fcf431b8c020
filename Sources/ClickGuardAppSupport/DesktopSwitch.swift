// DesktopSwitch: `clickguard enable`, `disable` and `status` for the current
// user. In a GNOME session (gsd-xsettings running, or a GNOME desktop with
// it installed) the switch is GSettings: ClickGuard's own key
// io.github.clickguard enabled, which the packaged gtk-modules .desktop file
// names, or — when the package's files are not installed — the
// enabled-gtk-modules list of gsd's xsettings plugin. gsd-xsettings then
// publishes gtk-modules over XSETTINGS (org.gtk.Settings on Wayland) and
// running GTK 3 apps load the module too. In an Xfce session (xfsettingsd
// running) it is xfconf's xsettings /Gtk/Modules, which xfsettingsd
// publishes the same way. Elsewhere the switch is the user's settings.ini,
// and `status` says when a settings daemon overrides it.

import CGtk
import ClickGuardGObject
import ClickGuardGtk
import ClickGuardRules

#if canImport(Glibc)
  import Glibc
#endif

/// The session switches for ClickGuard: `clickguard enable`, `disable` and
/// `status`, each returning the lines it reports (the settings app shows
/// the same).
package enum DesktopSwitch {
  /// ClickGuard's own key, named by `clickguard.desktop` in gsd's directory.
  static let ownKey = GSettingsKey(schema: "io.github.clickguard", key: "enabled")
  /// gsd-xsettings' list of modules switched on beside the .desktop files.
  static let gsdList = GSettingsKey(schema: "org.gnome.settings-daemon.plugins.xsettings", key: "enabled-gtk-modules")
  /// Where gsd-xsettings reads its module .desktop files.
  static let gsdModuleDirectory = "/usr/lib/gnome-settings-daemon-3.0/gtk-modules"
  /// The package's file there.
  static let gsdDesktopFile = gsdModuleDirectory + "/clickguard.desktop"
  /// GNOME's settings daemon's XSETTINGS plugin.
  static let gsdProgram = "/usr/libexec/gsd-xsettings"

  /// The switch `enable` and `disable` use here.
  enum Kind: Equatable {
    /// ClickGuard's own GSettings key (the package's .desktop file in gsd's
    /// directory names it).
    case ownKey
    /// gsd-xsettings' enabled-gtk-modules.
    case gsdList
    /// xfconf's xsettings /Gtk/Modules, which xfsettingsd publishes.
    case xfconf
    /// The user's settings.ini.
    case settingsIni
  }

  /// What the session looks like.
  package struct Session {
    /// A gsd-xsettings process of this user.
    var gsdRunning: Bool
    /// An xfsettingsd process of this user.
    var xfsettingsdRunning: Bool
    /// `XDG_CURRENT_DESKTOP` names GNOME and gsd-xsettings is installed.
    var gnomeDesktop: Bool

    /// The session of this process: the settings daemons of this user
    /// that serve its display.
    package static func current() -> Session {
      let desktop = getenv("XDG_CURRENT_DESKTOP").map { String(cString: $0) } ?? ""
      let display = getenv("DISPLAY").map { String(cString: $0) }
      let running = runningDaemons(["gsd-xsettings", "xfsettingsd"], on: display)
      return Session(
        gsdRunning: running.contains("gsd-xsettings"), xfsettingsdRunning: running.contains("xfsettingsd"),
        gnomeDesktop: desktop.split(separator: ":").contains { $0.uppercased() == "GNOME" }
          && access(gsdProgram, X_OK) == 0)
    }

    /// Whether gsd-xsettings publishes (or will publish) gtk-modules here.
    var isGnome: Bool { gsdRunning || gnomeDesktop }

    /// The switch for this session.
    var kind: Kind {
      guard isGnome else { return xfsettingsdRunning ? .xfconf : .settingsIni }
      if DesktopSwitch.ownKey.isInstalled && access(DesktopSwitch.gsdDesktopFile, R_OK) == 0 { return .ownKey }
      return DesktopSwitch.gsdList.isInstalled ? .gsdList : .settingsIni
    }

    /// Which of `names` (`/proc/PID/comm`) run as processes of this user
    /// on `display` (a daemon whose environment names another X display
    /// serves another session: another seat, a nested or test server).
    /// Exited ones not yet reaped (zombies) do not count.
    static func runningDaemons(_ names: Set<String>, on display: String?) -> Set<String> {
      var found: Set<String> = []
      guard let directory = opendir("/proc") else { return found }
      defer { closedir(directory) }
      let uid = getuid()
      while let entry = readdir(directory) {
        let pid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard !pid.isEmpty, pid.allSatisfy(\.isNumber) else { continue }
        var info = stat()
        guard stat("/proc/" + pid, &info) == 0, info.st_uid == uid,
          let comm = LocalFiles.text(atPath: "/proc/\(pid)/comm")
        else { continue }
        let name = String(comm.prefix { $0 != "\n" })
        guard names.contains(name), !found.contains(name), !isZombie(pid) else { continue }
        if let display, let theirs = displayVariable(ofProcess: pid), screenless(theirs) != screenless(display) {
          continue
        }
        found.insert(name)
      }
      return found
    }

    /// Whether the process has exited and waits for its parent to reap it
    /// (state `Z` in `/proc/PID/stat`, after the name in parentheses).
    private static func isZombie(_ pid: String) -> Bool {
      guard let stat = LocalFiles.text(atPath: "/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")") else {
        return true
      }
      return stat[end...].hasPrefix(") Z")
    }

    /// The `DISPLAY` in `/proc/PID/environ` (read bounded), or `nil`.
    private static func displayVariable(ofProcess pid: String) -> String? {
      guard case .success(let bytes) = BoundedFileRead.contents(of: ByteString("/proc/\(pid)/environ"), limit: 1 << 20)
      else { return nil }
      let prefix = Array("DISPLAY=".utf8)
      return bytes.split(separator: 0).first { $0.starts(with: prefix) }
        .map { String(decoding: $0.dropFirst(prefix.count), as: UTF8.self) }
    }

    /// An X display name without its screen number (`:1.0` → `:1`).
    private static func screenless(_ display: String) -> Substring {
      guard let colon = display.lastIndex(of: ":"), let dot = display[colon...].firstIndex(of: ".") else {
        return display[...]
      }
      return display[..<dot]
    }
  }

  /// `clickguard enable`: what it did and how to undo it.
  package static func enable(_ session: Session) throws(CommandFailure) -> [String] {
    switch session.kind {
    case .ownKey:
      let key = ownKey
      let name = "\(key.schema) \(key.key)"
      if key.boolean == true { return [localized("ClickGuard is on already ({key} is true).").filling(["key": name])] }
      guard key.set(true) else { throw CommandFailure(localized("cannot set {key}").filling(["key": name]), status: 1) }
      return [
        localized("Switched ClickGuard on for GTK 3 apps: set {key} to true (was false).").filling(["key": name]),
        localized("GNOME's settings daemon now lists clickguard in gtk-modules: GTK 3 apps load it, running ones too."),
        localized("Undo: clickguard disable (or {command}).").filling(["command": key.command("false")]),
      ]
    case .gsdList:
      let key = gsdList
      let name = "\(key.schema) \(key.key)"
      let before = key.strings ?? []
      if before.contains("clickguard") {
        return [localized("ClickGuard is on already ({key} lists clickguard).").filling(["key": name])]
      }
      guard key.set(before + ["clickguard"]) else {
        throw CommandFailure(localized("cannot set {key}").filling(["key": name]), status: 1)
      }
      return [
        localized("Switched ClickGuard on for GTK 3 apps: added clickguard to {key} (was {before}).").filling([
          "key": name, "before": describe(before),
        ]),
        localized(
          "GNOME's settings daemon reads that list when it starts: GTK 3 apps load ClickGuard from your next login on."
        ),
        localized(
          "(ClickGuard's own switch, which works at once, {key}, needs the package's {file} and schema; they are not installed.)"
        ).filling(["key": "\(ownKey.schema) \(ownKey.key)", "file": gsdDesktopFile]),
        localized("Undo: clickguard disable."),
      ]
    case .xfconf:
      guard let xfconf = XfconfSwitch.session() else {
        throw CommandFailure(localized("cannot reach xfconfd (org.xfce.Xfconf) on the session bus"), status: 1)
      }
      let change: (before: String?, after: String)?
      do { change = try xfconf.enable() } catch { throw CommandFailure(error.message, status: 1) }
      guard let change else {
        return [
          localized("ClickGuard is on already: {property} lists it.").filling(["property": XfconfSwitch.displayName])
        ]
      }
      return [
        localized("Switched ClickGuard on for GTK 3 apps: {property} is {after} (was {before}).").filling([
          "property": XfconfSwitch.displayName, "after": change.after,
          "before": change.before.map { "'\($0)'" } ?? localized("not set"),
        ]),
        localized("Xfce's settings daemon publishes it as gtk-modules: GTK 3 apps load it, running ones too."),
        localized("Undo: clickguard disable (removes clickguard from {property} and nothing else).").filling([
          "property": XfconfSwitch.property
        ]),
      ]
    case .settingsIni:
      let file = SettingsIniSwitch.user()
      let change: (before: String?, after: String)?
      do { change = try file.enable() } catch { throw CommandFailure(error.message, status: 1) }
      var lines =
        change.map {
          [
            localized(
              "Switched ClickGuard on for GTK 3 apps started from now on: gtk-modules={after} in {file} (was {before})."
            )
            .filling([
              "after": $0.after, "file": file.path.displayName,
              "before": $0.before.map { "gtk-modules=\($0)" } ?? localized("not set"),
            ])
          ]
        } ?? [
          localized("ClickGuard is on already: {file} lists it in gtk-modules.").filling(["file": file.path.displayName]
          )
        ]
      lines += overrideWarning(session)
      lines.append(localized("Undo: clickguard disable (removes clickguard from gtk-modules and nothing else)."))
      return lines
    }
  }

  /// The systemd user unit that runs gsd-xsettings in a GNOME session.
  static let gsdUnit = "org.gnome.SettingsDaemon.XSettings.service"

  /// What to do when GTK apps do not load ClickGuard after ``enable(_:)``
  /// in `session` because GNOME's settings daemon has not taken it up; empty
  /// when that is not why.
  ///
  /// gsd-xsettings finds module files when it starts and when its folder
  /// changes, but not a file the package installs in the same second as
  /// its last look: one running since before the install may not list
  /// ClickGuard until it restarts.
  package static func adviceWhenNotTakenUp(in session: Session) -> [String] {
    guard session.kind == .ownKey, session.gsdRunning, ownKey.boolean == true else { return [] }
    return [
      localized(
        "GNOME's settings daemon has not taken ClickGuard up yet: it was running before ClickGuard was installed and looks for new modules when it starts. It will from your next login; to have it now, run: {command}"
      ).filling(["command": "systemctl --user restart \(gsdUnit)"])
    ]
  }

  /// `clickguard disable`: every switch ClickGuard set is put back.
  package static func disable(_ session: Session) throws(CommandFailure) -> [String] {
    var lines: [String] = []
    if ownKey.isInstalled, ownKey.boolean == true {
      ownKey.reset()
      if ownKey.boolean == true { _ = ownKey.set(false) }
      lines.append(
        localized(
          "Switched ClickGuard off: {key} back to false; running GTK 3 apps stop guarding (the copy they loaded stays, idle), apps started from now on do not load it."
        ).filling(["key": "\(ownKey.schema) \(ownKey.key)"]))
    }
    if gsdList.isInstalled, let list = gsdList.strings, list.contains("clickguard") {
      let rest = list.filter { $0 != "clickguard" }
      if rest.isEmpty { gsdList.reset() } else { _ = gsdList.set(rest) }
      lines.append(
        localized(
          "Removed clickguard from {key} (now {after}); GNOME's settings daemon reads it when it starts: from your next login on."
        ).filling(["key": "\(gsdList.schema) \(gsdList.key)", "after": describe(rest)]))
    }
    if session.xfsettingsdRunning, let xfconf = XfconfSwitch.session() {
      do {
        if let change = try xfconf.disable() {
          lines.append(
            localized(
              "Removed clickguard from {property} (was '{before}', now {after}); running GTK 3 apps stop guarding."
            )
            .filling([
              "property": XfconfSwitch.displayName, "before": change.before,
              "after": change.after.map { "'\($0)'" } ?? localized("not set"),
            ]))
        }
      } catch {
        throw CommandFailure(error.message, status: 1)
      }
    }
    let file = SettingsIniSwitch.user()
    do {
      if let change = try file.disable() {
        lines.append(
          localized("Removed clickguard from gtk-modules in {file} (was gtk-modules={before}, now {after}).").filling([
            "file": file.path.displayName, "before": change.before,
            "after": change.after.map { "gtk-modules=\($0)" } ?? localized("not set"),
          ]))
      }
    } catch {
      throw CommandFailure(error.message, status: 1)
    }
    if lines.isEmpty {
      lines.append(localized("ClickGuard was not switched on by clickguard enable: nothing to undo."))
    }
    if let env = getenv("GTK3_MODULES").map({ String(cString: $0) }), GtkModuleList(ByteString(env)).hasClickGuard {
      lines.append(
        localized("GTK3_MODULES={value} still loads ClickGuard into apps started from this environment.").filling([
          "value": env
        ]))
    }
    return lines
  }

  /// `clickguard status`: each switch, and whether ClickGuard is in force
  /// for GTK 3 apps started from here (`true`) or not.
  package static func status(_ session: Session) -> (lines: [String], inForce: Bool) {
    var lines: [String] = []
    let daemon =
      session.gsdRunning
      ? localized("GNOME's settings daemon (gsd-xsettings) runs: it publishes gtk-modules, over settings.ini")
      : session.gnomeDesktop
        ? localized("GNOME (gsd-xsettings installed, not seen running)")
        : session.xfsettingsdRunning
          ? localized(
            "Xfce's settings daemon (xfsettingsd) runs: it publishes gtk-modules from xfconf, over settings.ini")
          : localized("no GNOME or Xfce settings daemon seen: GTK reads gtk-modules from settings.ini")
    lines.append(
      localized("Session: {session}; enable uses {switch}.").filling([
        "session": daemon, "switch": name(of: session.kind),
      ]))
    if ownKey.isInstalled {
      let value = "  \(ownKey.schema) \(ownKey.key): \(ownKey.boolean == true ? "true" : "false")"
      lines.append(
        access(gsdDesktopFile, R_OK) == 0
          ? value
          : localized("{setting} (but {file} is missing: gsd ignores the key)").filling([
            "setting": value, "file": gsdDesktopFile,
          ]))
    } else {
      lines.append(localized("  {schema}: schema not installed").filling(["schema": ownKey.schema]))
    }
    if gsdList.isInstalled {
      lines.append("  \(gsdList.schema) \(gsdList.key): \(describe(gsdList.strings ?? []))")
    }
    if session.xfsettingsdRunning, let xfconf = XfconfSwitch.session() {
      let value = Result { () throws(XfconfSwitch.Failure) in try xfconf.modules() }
      switch value {
      case .success(let modules):
        lines.append("  \(XfconfSwitch.displayName): " + (modules.map { "'\($0)'" } ?? localized("not set")))
      case .failure(let error):
        lines.append("  \(error.message)")
      }
    }
    let file = SettingsIniSwitch.user()
    let fileModules = file.modules
    let fileOn = fileModules.map { GtkModuleList(ByteString($0)).hasClickGuard } ?? false
    lines.append(
      "  \(file.path.displayName): "
        + (fileModules.map { "gtk-modules=\($0)" } ?? localized("does not set gtk-modules")))
    let env = getenv("GTK3_MODULES").map { String(cString: $0) }
    let envOn = env.map { GtkModuleList(ByteString($0)).hasClickGuard } ?? false
    if let env {
      lines.append(localized("  GTK3_MODULES={value} (this environment, over every setting)").filling(["value": env]))
    }
    let display = DoctorFacts.readDisplay()
    var inForce = envOn
    if let display {
      if let value = display.modules.value {
        let on = GtkModuleList(ByteString(value)).hasClickGuard
        lines.append(
          localized("  display {display}: gtk-modules={value} ({origin})").filling([
            "display": display.display.name, "value": value, "origin": display.display.modulesOrigin,
          ]))
        if fileOn && !on {
          lines.append(
            localized("  settings.ini lists clickguard, but the display's gtk-modules overrides it: it is not in force")
          )
        }
        inForce = inForce || on
      } else {
        lines.append(
          localized("  display {display}: sets no gtk-modules (settings.ini applies)").filling([
            "display": display.display.name
          ]))
        inForce = inForce || fileOn
      }
    } else {
      lines.append(localized("  no display to ask for its gtk-modules"))
      inForce = inForce || fileOn
    }
    lines.append(
      inForce
        ? localized("ClickGuard is on for GTK 3 apps started from here. Off: clickguard disable.")
        : localized("ClickGuard is off for GTK 3 apps started from here. On: clickguard enable."))
    return (lines, inForce)
  }

  private static func name(of kind: Kind) -> String {
    switch kind {
    case .ownKey: "\(ownKey.schema) \(ownKey.key)"
    case .gsdList: "\(gsdList.schema) \(gsdList.key)"
    case .xfconf: XfconfSwitch.displayName
    case .settingsIni: SettingsIniSwitch.user().path.displayName
    }
  }

  private static func overrideWarning(_ session: Session) -> [String] {
    if session.isGnome {
      return [
        localized(
          "Warning: GNOME's settings daemon publishes gtk-modules over XSETTINGS, which wins over settings.ini; install the clickguard package (its {file} and io.github.clickguard schema) for a switch that works here."
        ).filling(["file": gsdDesktopFile])
      ]
    }
    return []
  }

  private static func describe(_ list: [String]) -> String {
    list.isEmpty ? "[]" : "[" + list.map { "'\($0)'" }.joined(separator: ", ") + "]"
  }
}
