// GtkSettingsFiles: the settings.ini files GTK 3 reads at start-up, in
// order (measured with strace on Debian 12's GTK 3.24): <prefix>/share,
// <sysconfdir>, each $XDG_CONFIG_DIRS entry, then the user's config
// directory. Among them the last that sets gtk-modules wins. Pure.

/// The `settings.ini` files GTK 3 reads, in order.
package struct GtkSettingsFiles: Equatable, Sendable {
  /// The files, in the order GTK reads them (a later one overrides).
  package let paths: [String]

  /// The files of a GTK installed under `prefix` (`/usr`), with system
  /// config directories `configDirectories` (`$XDG_CONFIG_DIRS`, or
  /// `/etc/xdg`) and the user's `userConfigDirectory`.
  package init(prefix: String, configDirectories: [String], userConfigDirectory: String) {
    let sysconfdir = prefix == "/usr" ? "/etc" : prefix + "/etc"
    paths =
      [prefix + "/share/gtk-3.0/settings.ini", sysconfdir + "/gtk-3.0/settings.ini"]
      + configDirectories.map { $0 + "/gtk-3.0/settings.ini" } + [userConfigDirectory + "/gtk-3.0/settings.ini"]
  }

  /// The installation prefix of a GTK whose library directory is
  /// `libraryDirectory` (`/usr/lib/x86_64-linux-gnu` → `/usr`).
  package static func prefix(libraryDirectory: String) -> String {
    var parts = libraryDirectory.split(separator: "/").map(String.init)
    if let lib = parts.lastIndex(of: "lib") { parts.removeSubrange(lib...) }
    return "/" + parts.joined(separator: "/")
  }

  /// The `gtk-modules` value in force: the last file's that sets it, from
  /// `values` (path to its `gtk-modules`, `nil` when the file does not
  /// set it or does not exist).
  package func inForce(_ values: [String: String?]) -> (path: String, value: String)? {
    for path in paths.reversed() {
      if let value = values[path] ?? nil { return (path, value) }
    }
    return nil
  }
}
