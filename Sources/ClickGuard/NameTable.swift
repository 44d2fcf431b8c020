// NameTable: interns action names and group keys, so the decision path
// compares and hashes small integers instead of strings.

import Synchronization

/// A process-wide table of interned strings. Each distinct string gets a
/// small id once, when a name is made; names are never freed (there are as
/// many as the app has distinct actions and groups).
final class NameTable: Sendable {
  private let storage = Mutex<(ids: [String: UInt32], names: [String])>(([:], []))

  /// The table of action names.
  static let actions = NameTable()
  /// The table of group keys.
  static let groups = NameTable()

  /// The id of `name`, given a new one if it has none yet.
  func intern(_ name: String) -> UInt32 {
    storage.withLock { table in
      if let id = table.ids[name] { return id }
      let id = UInt32(truncatingIfNeeded: table.names.count)
      table.names.append(name)
      table.ids[name] = id
      return id
    }
  }

  /// The string of `id`.
  func name(_ id: UInt32) -> String {
    storage.withLock { $0.names[Int(id)] }
  }
}
