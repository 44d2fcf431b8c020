// `make docs` (scripts/docs.sh) builds the DocC documentation of ClickGuard
// and ClickGuardGtk with the toolchain's docc, each with its Getting Started
// article, and docc warns about nothing: no broken link, no undocumented
// parameter, no ambiguous symbol. The first run builds the two modules
// under .build/docs (about 20 s on 2 cores); later runs only convert.

import Foundation
import XCTest

final class DocsBuildTests: XCTestCase {
  func testMakeDocsBuildsBothModulesWithoutWarnings() throws {
    guard let swift = Toolchain.swiftOnPath() else {
      throw XCTSkip("`swift` is not on PATH: cannot build the documentation; put the toolchain on PATH")
    }
    let out = Checkout.root.appendingPathComponent(".build/docs/test-output")
    let script = Checkout.root.appendingPathComponent("scripts/docs.sh").path
    let run = try Toolchain.run("/usr/bin/env", ["SWIFT=\(swift)", "OUT=\(out.path)", script], timeout: 600)
    XCTAssertEqual(run.status, 0, "scripts/docs.sh failed:\n\(run.output)")
    let warnings = run.output.split(separator: "\n").filter { $0.contains("warning:") }
    XCTAssertEqual(warnings, [], "DocC warned:\n\(run.output)")
    for module in ["ClickGuard", "ClickGuardGtk"] {
      let pages = out.appendingPathComponent("\(module)/data/documentation/\(module.lowercased())")
      for page in [pages.path + ".json", pages.appendingPathComponent("gettingstarted.json").path] {
        XCTAssertTrue(FileManager.default.fileExists(atPath: page), "no \(page)")
      }
    }
  }
}
