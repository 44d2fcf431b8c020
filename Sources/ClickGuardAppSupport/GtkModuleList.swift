// GtkModuleList: the value of GTK3_MODULES that `clickguard run` gives the
// program: the module's absolute path first, then the entries that were
// already there, minus any other ClickGuard module, which would guard twice.
// Entries are bytes: another module's path passes through exactly.

/// A colon-separated list of GTK modules, as `GTK3_MODULES` holds it.
package struct GtkModuleList: Equatable, Sendable {
  /// The entries: module names (`canberra-gtk-module`) or absolute paths,
  /// byte for byte.
  package var entries: [ByteString]

  /// The entries of `value` (empty entries dropped).
  package init(_ value: ByteString?) {
    entries = (value ?? "").split(separator: UInt8(ascii: ":")).filter { !$0.isEmpty }
  }

  /// The list as `GTK3_MODULES` holds it.
  package var value: ByteString {
    ByteString(bytes: Array(entries.map(\.bytes).joined(separator: [UInt8(ascii: ":")])))
  }

  /// Whether `entry` loads a ClickGuard module: the name `clickguard`, or a
  /// path to `libclickguard.so` or `libclickguard-gtk-module.so`.
  package static func isClickGuard(_ entry: ByteString) -> Bool {
    let file = entry.lastComponent
    return entry == "clickguard" || file == ByteString(ModuleLocator.installedFileName)
      || file == ByteString(ModuleLocator.buildFileName)
  }

  /// Whether a ClickGuard module is among the entries.
  package var hasClickGuard: Bool { entries.contains(where: Self.isClickGuard) }

  /// The list without ClickGuard modules.
  package var withoutClickGuard: GtkModuleList {
    var list = self
    list.entries = entries.filter { !Self.isClickGuard($0) }
    return list
  }

  /// The list with `module` first and no other ClickGuard module.
  package func leading(with module: ByteString) -> GtkModuleList {
    var list = withoutClickGuard
    list.entries.insert(module, at: 0)
    return list
  }
}
