import CGtk
import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

/// Where the rules file is: `$CLICKGUARD_CONFIG` if set, else
/// `clickguard/clickguard.conf` in the user's configuration directory
/// (`g_get_user_config_dir()`, that is `$XDG_CONFIG_HOME` or `~/.config`).
package struct RulesFileLocation: Hashable, Sendable {
  /// The variable that names a rules file.
  package static let variable = "CLICKGUARD_CONFIG"

  /// The file's path, as messages show it.
  package var path: String
  /// The file's name as the system knows it: the bytes that are opened,
  /// which need not be UTF-8.
  package var fileName: FileName
  /// Whether `CLICKGUARD_CONFIG` named it: then a missing file is worth a
  /// warning; a missing file at the default place is not.
  package var isExplicit: Bool

  /// A location by hand.
  package init(path: String, isExplicit: Bool) {
    self.path = path
    self.fileName = FileName(path)
    self.isExplicit = isExplicit
  }

  /// The file `fileName`, byte for byte (from the environment: a
  /// `String` would have changed bytes that are not UTF-8).
  package init(fileName: FileName, isExplicit: Bool) {
    self.path = fileName.displayName
    self.fileName = fileName
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

  /// The location `environment` gives, for this process's configuration
  /// directory.
  package init(environment: [String: String]) {
    self.init(environment: environment, configDirectory: swiftString(g_get_user_config_dir()) ?? "")
  }

  /// The location this process's environment gives, its bytes as they
  /// are: `CLICKGUARD_CONFIG`'s, or the configuration directory's.
  package static var current: RulesFileLocation {
    if let value = getenv(variable), value.pointee != 0 {
      return RulesFileLocation(fileName: FileName(cString: value), isExplicit: true)
    }
    guard let directory = g_get_user_config_dir() else { return RulesFileLocation(environment: [:]) }
    let name = FileName(bytes: FileName(cString: directory).bytes + Array("/clickguard/clickguard.conf".utf8))
    return RulesFileLocation(fileName: name, isExplicit: false)
  }
}
