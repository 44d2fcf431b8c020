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
  /// The file's name as the system knows it: the bytes opened, not necessarily UTF-8.
  package var fileName: ByteString
  /// Whether `CLICKGUARD_CONFIG` named it: then a missing file is worth a warning.
  package var isExplicit: Bool

  /// A location by hand.
  package init(path: String, isExplicit: Bool) {
    self.path = path
    self.fileName = ByteString(path)
    self.isExplicit = isExplicit
  }

  /// The file `fileName`, byte for byte (from the environment: a
  /// `String` would have changed bytes that are not UTF-8).
  package init(fileName: ByteString, isExplicit: Bool) {
    self.path = fileName.displayName
    self.fileName = fileName
    self.isExplicit = isExplicit
  }

  /// The location `environment` gives, with `configDirectory`, at the bytes they hold.
  package init(environment: [String: ByteString], configDirectory: ByteString) {
    if let named = environment[Self.variable], !named.isEmpty {
      self.init(fileName: named, isExplicit: true)
    } else {
      self.init(fileName: configDirectory + "/clickguard/clickguard.conf", isExplicit: false)
    }
  }

  /// The location `environment` gives, with `configDirectory` as the configuration directory.
  package init(environment: [String: String], configDirectory: String) {
    self.init(environment: environment.mapValues { ByteString($0) }, configDirectory: ByteString(configDirectory))
  }

  /// The location `environment` gives, for this process's configuration directory.
  package init(environment: [String: String]) {
    self.init(environment: environment, configDirectory: swiftString(g_get_user_config_dir()) ?? "")
  }

  /// The location this process's environment gives, its bytes as they are.
  package static var current: RulesFileLocation {
    let named = getenv(variable).map { [variable: ByteString(cString: $0)] } ?? [:]
    return RulesFileLocation(
      environment: named, configDirectory: g_get_user_config_dir().map { ByteString(cString: $0) } ?? "")
  }

  /// The directories from the file's up to the root (or `.` for a relative
  /// name), nearest first, each with the path component below it on the
  /// way to the file: what a watch follows while directories are missing.
  package var directoriesOnTheWay: [(directory: ByteString, below: [UInt8])] {
    var steps: [(directory: ByteString, below: [UInt8])] = []
    var path = fileName.bytes
    while true {
      let (parent, name) = Self.split(path)
      steps.append((ByteString(bytes: parent), name))
      if parent == path || parent == Array(".".utf8) || parent == Array("/".utf8) { return steps }
      path = parent
    }
  }

  /// The directory and the last component of `path`.
  private static func split(_ path: [UInt8]) -> (parent: [UInt8], name: [UInt8]) {
    var end = path.endIndex
    while end > path.startIndex + 1, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
    guard let slash = path[..<end].lastIndex(of: UInt8(ascii: "/")) else {
      return (Array(".".utf8), Array(path[..<end]))
    }
    let parent = slash == path.startIndex ? Array("/".utf8) : Array(path[..<slash])
    return (parent, Array(path[(slash + 1)..<end]))
  }
}
