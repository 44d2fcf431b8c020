import CGtk
import ClickGuardGtk

/// Where the rules file is: `$CLICKGUARD_CONFIG` if set, else
/// `clickguard/clickguard.conf` in the user's configuration directory
/// (`g_get_user_config_dir()`, that is `$XDG_CONFIG_HOME` or `~/.config`).
package struct RulesFileLocation: Hashable, Sendable {
  /// The variable that names a rules file.
  package static let variable = "CLICKGUARD_CONFIG"

  /// The file's path.
  package var path: String
  /// Whether `CLICKGUARD_CONFIG` named it: then a missing file is worth a
  /// warning; a missing file at the default place is not.
  package var isExplicit: Bool

  /// A location by hand.
  package init(path: String, isExplicit: Bool) {
    self.path = path
    self.isExplicit = isExplicit
  }

  /// The location `environment` gives, with `configDirectory` as the
  /// user's configuration directory.
  package init(environment: [String: String], configDirectory: String) {
    if let path = environment[Self.variable], !path.isEmpty {
      self.init(path: path, isExplicit: true)
    } else {
      self.init(path: configDirectory + "/clickguard/clickguard.conf", isExplicit: false)
    }
  }

  /// The location for `environment` and this process's configuration
  /// directory.
  package init(environment: [String: String]) {
    self.init(environment: environment, configDirectory: swiftString(g_get_user_config_dir()) ?? "")
  }
}
