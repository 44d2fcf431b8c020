import CGtk
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Follows the `gtk-modules` setting that loaded the module, so
/// `clickguard disable` reaches running apps: GTK never unloads a module.
/// While the setting does not list ClickGuard, ``GlobalGuard`` is off.
///
/// Armed only when the setting loaded the module, not `GTK3_MODULES` (kept
/// for the process's life) nor `--gtk-module=`.
@MainActor
final class ModuleSwitchWatch {
  private let connection: SignalConnection
  /// Whether the setting listed ClickGuard when last seen.
  private(set) var isListed = true

  private init(settings: UnsafeMutablePointer<GtkSettings>, onChange: @escaping @MainActor (Bool) -> Void) {
    weak var watch: ModuleSwitchWatch?
    connection = Signal.notify(settings, property: "gtk-modules") { object in
      guard let watch else { return }
      let listed = Self.listsClickGuard(Self.modules(of: object))
      guard listed != watch.isListed else { return }
      watch.isListed = listed
      onChange(listed)
    }
    watch = self
  }

  /// Follows the default screen's `gtk-modules` if it loaded the module;
  /// `onChange` gets whether ClickGuard is listed.
  static func arm(onChange: @escaping @MainActor (Bool) -> Void) -> ModuleSwitchWatch? {
    let variables: [String] = ["GTK3_MODULES", "GTK_MODULES"]
    let forced = variables.contains { name in listsClickGuard(getenv(name).map { String(cString: $0) }) }
    if forced { return nil }
    guard let settings = gtk_settings_get_default(), listsClickGuard(modules(of: settings)) else { return nil }
    return ModuleSwitchWatch(settings: settings, onChange: onChange)
  }

  func stop() {
    connection.disconnect()
  }

  /// Whether a `:`-separated module list, as GTK reads it, names ClickGuard.
  static func listsClickGuard(_ value: String?) -> Bool {
    (value ?? "").split(separator: ":").contains { entry in
      let name = trimmed(entry)
      let file = name.split(separator: "/").last.map(String.init) ?? ""
      return name == "clickguard"
        || (name.contains("/") && ["libclickguard.so", "libclickguard-gtk-module.so"].contains(file))
    }
  }

  private static func trimmed(_ entry: Substring) -> Substring {
    var entry = entry
    while entry.first == " " || entry.first == "\t" { entry.removeFirst() }
    while entry.last == " " || entry.last == "\t" { entry.removeLast() }
    return entry
  }

  private static func modules(of settings: gpointer) -> String? {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    defer { g_value_unset(&value) }
    g_object_get_property(settings.assumingMemoryBound(to: GObject.self), "gtk-modules", &value)
    return swiftString(g_value_get_string(&value))
  }
}
