import ClickGuardGObject

/// Where one setting in force came from: what `clickguard doctor` prints
/// beside each value.
package enum SettingOrigin: Hashable, Sendable, CustomStringConvertible {
  /// ClickGuard's own default: nothing set it.
  case builtIn
  /// An environment variable, for example `CLICKGUARD_INTERVAL_MS`.
  case environment(String)
  /// A line of the rules file, in a group (`default`, a program, or a
  /// widget group such as `gnome-calculator: label=7`).
  case file(path: String, line: Int, group: String)

  /// For example `built-in default` (in the reader's language),
  /// `CLICKGUARD_MODE`, or
  /// `/home/ana/.config/clickguard/clickguard.conf:4 [gnome-calculator]`.
  package var description: String {
    switch self {
    case .builtIn: localized("built-in default")
    case .environment(let variable): variable
    case .file(let path, let line, let group): "\(path):\(line) [\(group)]"
    }
  }
}
