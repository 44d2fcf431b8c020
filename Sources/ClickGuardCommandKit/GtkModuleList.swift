// GtkModuleList: the value of GTK3_MODULES that `clickguard run` gives the
// program: the module's absolute path first, then the entries that were
// already there, minus any other ClickGuard module, which would guard twice.

/// A colon-separated list of GTK modules, as `GTK3_MODULES` holds it.
public struct GtkModuleList: Equatable, Sendable {
  /// The entries: module names (`canberra-gtk-module`) or absolute paths.
  public var entries: [String]

  /// The entries of `value` (empty entries dropped).
  public init(_ value: String?) {
    entries = (value ?? "").split(separator: ":").map(String.init)
  }

  /// The list as `GTK3_MODULES` holds it.
  public var value: String { entries.joined(separator: ":") }

  /// Whether `entry` loads a ClickGuard module: the name `clickguard`, or a
  /// path to `libclickguard.so` or `libclickguard-gtk-module.so`.
  public static func isClickGuard(_ entry: String) -> Bool {
    let file = entry.split(separator: "/").last.map(String.init) ?? entry
    return entry == "clickguard" || file == ModuleLocator.installedFileName || file == ModuleLocator.buildFileName
  }

  /// Whether a ClickGuard module is among the entries.
  public var hasClickGuard: Bool { entries.contains(where: Self.isClickGuard) }

  /// The list without ClickGuard modules.
  public var withoutClickGuard: GtkModuleList {
    var list = self
    list.entries = entries.filter { !Self.isClickGuard($0) }
    return list
  }

  /// The list with `module` first and no other ClickGuard module.
  public func leading(with module: String) -> GtkModuleList {
    var list = withoutClickGuard
    list.entries.insert(module, at: 0)
    return list
  }
}
