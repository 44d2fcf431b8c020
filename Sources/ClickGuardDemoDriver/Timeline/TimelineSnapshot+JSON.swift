// TimelineSnapshot+JSON: a `timeline` line of the demo's log read back with
// JSONDecoder into the type the demo wrote it from, so a driver can check the
// picture at the positions the demo drew at.

import ClickGuardDemoKit
import Foundation

extension TimelineSnapshot {
  /// Decodes the `timeline` line `text`.
  /// - Throws: `DecodingError` when it is not one.
  package init(json text: String) throws {
    self = try JSONDecoder().decode(Self.self, from: Data(text.utf8))
  }
}
