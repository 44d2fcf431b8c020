// ModuleSwitchWatch: `clickguard disable` reaching apps already running.
// GTK loads a module newly listed in the display's gtk-modules (XSETTINGS
// from gsd-xsettings or xfsettingsd) into running apps, but never unloads
// one (the module is resident) and does not start it again when it is
// listed again. So the module follows the setting itself: a
// notify::gtk-modules handler on GtkSettings, no timer.

import CGtk
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Follows the `gtk-modules` setting that loaded the module: while it no
/// longer lists ClickGuard the module is idle (``GlobalGuard`` off: every
/// click passes untouched, nothing is judged or logged); when it lists
/// ClickGuard again the module guards again.
///
/// Armed only when the setting is what loaded the module: not when
/// `GTK3_MODULES` or `GTK_MODULES` names ClickGuard (GTK keeps those for
/// the life of the process, so does the module), nor when the setting did
/// not list it at start (`--gtk-module=`, a test calling
/// ``GtkModule/start(_:)``). It watches the default screen's GtkSettings,
/// GTK 3's one screen per display, which GTK's own module loading follows.
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

  /// Starts following the default screen's `gtk-modules` when it is what
  /// loaded the module; `nil` otherwise. `onChange` gets whether ClickGuard
  /// is listed, on each change.
  static func arm(onChange: @escaping @MainActor (Bool) -> Void) -> ModuleSwitchWatch? {
    let variables: [String] = ["GTK3_MODULES", "GTK_MODULES"]
    let forced = variables.contains { name in listsClickGuard(getenv(name).map { String(cString: $0) }) }
    if forced { return nil }
    guard let settings = gtk_settings_get_default(), listsClickGuard(modules(of: settings)) else { return nil }
    return ModuleSwitchWatch(settings: settings, onChange: onChange)
  }

  /// Stops following the setting.
  func stop() {
    connection.disconnect()
  }

  /// Whether a module list, as GTK reads it (entries separated by `:`,
  /// blanks around them ignored), names ClickGuard: `clickguard`, or a path
  /// to `libclickguard.so` or `libclickguard-gtk-module.so`.
  static func listsClickGuard(_ value: String?) -> Bool {
    (value ?? "").split(separator: ":").contains { entry in
      let name = trimmed(entry)
      let file = name.split(separator: "/").last.map(String.init) ?? ""
      return name == "clickguard"
        || (name.contains("/") && ["libclickguard.so", "libclickguard-gtk-module.so"].contains(file))
    }
  }

  /// `entry` without the spaces and tabs around it.
  private static func trimmed(_ entry: Substring) -> Substring {
    var entry = entry
    while entry.first == " " || entry.first == "\t" { entry.removeFirst() }
    while entry.last == " " || entry.last == "\t" { entry.removeLast() }
    return entry
  }

  /// The `gtk-modules` property of a GtkSettings.
  private static func modules(of settings: gpointer) -> String? {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    defer { g_value_unset(&value) }
    g_object_get_property(settings.assumingMemoryBound(to: GObject.self), "gtk-modules", &value)
    return swiftString(g_value_get_string(&value))
  }
}
