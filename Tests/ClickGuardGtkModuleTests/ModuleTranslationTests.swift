// ModuleTranslationTests: the module's messages while an app runs, under
// the German test locale and under C.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class ModuleTranslationTests: XCTestCase {
  /// A `CLICKGUARD_LOG` in a folder that does not exist: the module says,
  /// in German under the German locale and in English under C, that it
  /// cannot open the path and logs no decision, naming the variable and the
  /// path; the app is guarded either way.
  func testAnUnopenableLogIsSaidInGermanUnderAGermanLocaleAndInEnglishUnderC() throws {
    try XDisplay.require()
    let german = try GermanTestLocale()
    defer { german.remove() }
    let log = german.root.appendingPathComponent("missing/decisions.jsonl").path
    let english = german.environment.merging(["LC_ALL": "C", "LANGUAGE": ""]) { $1 }
    // The system's reason between the two is in the locale's language (libc's catalog).
    for (environment, start, end) in [
      (
        german.environment, "CLICKGUARD_LOG: \(log) lässt sich nicht zum Anhängen öffnen: ",
        "; Entscheidungen werden nicht protokolliert"
      ),
      (english, "CLICKGUARD_LOG: cannot open \(log) for appending: ", "; decisions are not logged"),
    ] {
      let app = try FixtureApp(
        modules: try ModuleHarness.modulePath(), environment: environment.merging(["CLICKGUARD_LOG": log]) { $1 },
        readyWithin: 10)
      let result = HostStart.assertGuarded(app)
      let messages = HostStart.moduleMessages(result)
      XCTAssertEqual(messages.count, 1, result.stderr)
      let message = messages.first ?? ""
      XCTAssertTrue(message.contains(start) && message.hasSuffix(end), "\(start)…\(end) is not in: \(result.stderr)")
    }
  }
}
