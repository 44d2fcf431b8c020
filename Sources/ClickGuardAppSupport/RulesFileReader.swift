// RulesFileReader: how `clickguard doctor` finds and reads the rules file:
// at its path's exact bytes, through the module's own RulesFile, so the
// doctor reports what the module reads (and, like the module, never blocks
// on a FIFO or fills its memory from a device).

import CGtk
import ClickGuardGtk
import ClickGuardRules

/// Reads the rules file for `clickguard doctor`.
package enum RulesFileReader {
  /// The rules file's path, as bytes: `$CLICKGUARD_CONFIG`, else
  /// `clickguard/clickguard.conf` in the user's configuration directory;
  /// and whether the variable named it.
  package static func path(environment: [String: ByteString]) -> (path: ByteString, isExplicit: Bool) {
    if let named = environment[RulesFileLocation.variable], !named.isEmpty { return (named, true) }
    let directory = g_get_user_config_dir().map { ByteString(cString: $0) } ?? ""
    return (directory + "/clickguard/clickguard.conf", false)
  }

  /// The file at `path`, read and checked as the module reads it
  /// (``RulesFile/init(reading:)``: never blocks, only a regular file of at
  /// most 1 MiB); a missing file named by `CLICKGUARD_CONFIG`
  /// (`isExplicit`), or one that is not a regular file, too large or
  /// unreadable, has one warning and no rules.
  package static func read(path: ByteString, isExplicit: Bool) -> RulesFile {
    RulesFile(reading: RulesFileLocation(fileName: FileName(bytes: path.bytes), isExplicit: isExplicit))
  }
}
