// JSONLines: reading a JSON-lines log (one JSON object a line), such as
// ClickGuard's decision log.

import Foundation

/// Reads JSON-lines files.
package enum JSONLines {
  /// The objects in the file at `url`, one per line, in order.
  /// - Throws: when the file cannot be read, or ``HarnessError`` naming a
  ///   line that is not a JSON object.
  package static func objects(in url: URL) throws -> [[String: Any]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n").map { line in
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        throw HarnessError("not a JSON object: \(line)")
      }
      return object
    }
  }
}
