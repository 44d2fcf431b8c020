// ResourceLocator: the search order for the demo's resources, and the
// error that lists where it looked.

import XCTest

@testable import ClickGuardDemoKit

final class ResourceLocatorTests: XCTestCase {
  private func locator(override: String? = nil, exe: String?, existing: Set<String>) -> ResourceLocator {
    ResourceLocator(
      override: override, executablePath: exe,
      sourceFilePath: "/src/pkg/Sources/ClickGuardDemoKit/Options/ResourceLocator.swift",
      fileExists: { existing.contains($0) })
  }

  func testSearchOrder() {
    let candidates = locator(exe: "/opt/cg/bin/clickguard-demo", existing: []).candidates
    XCTAssertEqual(
      candidates,
      [
        "/opt/cg/share/clickguard", "/opt/cg/bin/Resources", "/opt/cg/Resources", "/opt/Resources", "/Resources",
        "/src/pkg/Resources",
      ])
  }

  func testInstalledLayoutWins() throws {
    let found = try locator(
      exe: "/usr/local/bin/clickguard-demo",
      existing: ["/usr/local/share/clickguard/demo.ui", "/src/pkg/Resources/demo.ui"]
    ).locate()
    XCTAssertEqual(found, "/usr/local/share/clickguard")
  }

  func testBuildTreeIsFoundWalkingUp() throws {
    let found = try locator(
      exe: "/work/pkg/.build/x86_64-unknown-linux-gnu/debug/clickguard-demo",
      existing: ["/work/pkg/Resources/demo.ui", "/src/pkg/Resources/demo.ui"]
    ).locate()
    XCTAssertEqual(found, "/work/pkg/Resources")
  }

  func testSourceTreeIsTheLastResort() throws {
    XCTAssertEqual(try locator(exe: nil, existing: ["/src/pkg/Resources/demo.ui"]).locate(), "/src/pkg/Resources")
  }

  func testEnvironmentOverridePinsTheSearch() throws {
    let pinned = locator(override: "/custom/res/", exe: "/x/bin/demo", existing: ["/src/pkg/Resources/demo.ui"])
    XCTAssertEqual(pinned.candidates, ["/custom/res"])
    XCTAssertThrowsError(try pinned.locate()) { error in
      XCTAssertTrue("\(error)".contains("CLICKGUARD_RESOURCES=/custom/res does not contain demo.ui"), "\(error)")
    }
  }

  func testNotFoundListsEveryFolder() {
    XCTAssertThrowsError(try locator(exe: "/a/bin/demo", existing: []).locate()) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("cannot find the demo's resources"), text)
      XCTAssertTrue(text.contains("/a/share/clickguard"), text)
      XCTAssertTrue(text.contains("set CLICKGUARD_RESOURCES"), text)
    }
  }

  func testThisCheckoutsResourcesAreFound() throws {
    let folder = try ResourceLocator.forCurrentProcess().locate()
    for file in ["demo.ui", "page.ui", "home-extras.ui", "details-extras.ui", "demo.css"] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/" + file), file)
    }
  }

  func testNormalize() {
    XCTAssertEqual(ResourceLocator.normalize("/a/b/../c/./d//"), "/a/c/d")
    XCTAssertEqual(ResourceLocator.normalize("/.."), "/")
    XCTAssertEqual(ResourceLocator.normalize("../x"), "../x")
  }
}
