// GtkModuleSearch: GTK 3's search for a module given by name (gtkmodules.c:
// get_module_path, _gtk_get_module_path, _gtk_find_module), replayed so
// `clickguard doctor` can say which file `GTK3_MODULES=clickguard` loads.
// Pure: the caller gives the variables, GTK's library directory and which
// files exist.

/// Where GTK 3 looks for a module by name, and what it finds.
///
/// GTK's directories are each entry of `$GTK_PATH`, then
/// `$GTK_EXE_PREFIX/lib/gtk-3.0` or `<GTK's libdir>/gtk-3.0`; in each it
/// tries `3.0.0/<host>/modules`, `3.0.0/modules`, `<host>/modules` and
/// `modules`, and in each of those `lib<name>.so`, then `lib<name>.la`. The
/// first file that exists is loaded. (Measured with strace on Debian 12's
/// GTK 3.24: `<host>` is `linux`.) When none exists GTK tries
/// `lib<name>.so` through the system library path.
package struct GtkModuleSearch: Equatable, Sendable {
  /// GTK 3's binary version, the first subdirectory it tries.
  package static let binaryVersion = "3.0.0"
  /// GTK's host name for its subdirectories, as Debian's (meson) build
  /// sets it.
  package static let host = "linux"

  /// The base directories, in order (`$GTK_PATH` entries, then GTK's own).
  package let bases: [String]

  /// The search for a GTK with `libraryDirectory` (where libgtk-3.so.0 is),
  /// given the values of `GTK_PATH` and `GTK_EXE_PREFIX`.
  package init(gtkPath: String?, exePrefix: String?, libraryDirectory: String) {
    let own =
      exePrefix.map { $0 + "/lib/gtk-3.0" } ?? libraryDirectory + "/gtk-3.0"
    let extra = (gtkPath ?? "").split(separator: ":").map { String($0).trimmed }.filter { !$0.isEmpty }
    bases = extra + [own]
  }

  /// Every directory searched for modules, in order.
  package var directories: [String] {
    bases.flatMap { base in
      [
        "\(base)/\(Self.binaryVersion)/\(Self.host)/modules", "\(base)/\(Self.binaryVersion)/modules",
        "\(base)/\(Self.host)/modules", "\(base)/modules",
      ]
    }
  }

  /// Every file GTK tries for the module `name`, in order.
  package func files(for name: String) -> [String] {
    directories.flatMap { ["\($0)/lib\(name).so", "\($0)/lib\(name).la"] }
  }

  /// The file GTK loads for the module `name`: the first that exists, or
  /// `nil` (GTK then tries `lib<name>.so` on the system library path).
  package func find(_ name: String, exists: (String) -> Bool) -> String? {
    files(for: name).first(where: exists)
  }

  /// GTK's library directory from the process's memory map
  /// (`/proc/self/maps`): the directory of the mapped `libgtk-3.so`.
  package static func libraryDirectory(maps: String) -> String? {
    for line in maps.split(separator: "\n") {
      guard let slash = line.firstIndex(of: "/") else { continue }
      let path = String(line[slash...])
      let file = path.split(separator: "/").last ?? ""
      if file.hasPrefix("libgtk-3.so") {
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
      }
    }
    return nil
  }
}
