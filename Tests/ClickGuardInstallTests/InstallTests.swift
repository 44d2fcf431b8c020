// The installed build: make install's layout in a temporary prefix and the
// .deb's contents, loaded by name into the C fixture app (never compiled
// with ClickGuard) with no Swift toolchain on any search path.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class InstallTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
  }

  /// Removes `path` (a prefix, a package's directory) when the test ends.
  private func removeAtEnd(_ path: String) {
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
  }

  func testTheInstalledModuleLoadsByNameFromGtk3ModulesOrSettingsIniAndGuardsABurst() throws {
    let prefix = try InstallHarness.install()
    removeAtEnd(prefix)
    let log = ModuleHarness.scratch.appendingPathComponent("installed-\(UUID().uuidString).jsonl")
    let guarded = try FixtureApp(
      modules: "clickguard",
      environment: ["GTK_PATH": prefix + "/lib/gtk-3.0", "LD_LIBRARY_PATH": "", "CLICKGUARD_LOG": log.path])
    guarded.click("count", count: 5)
    let result = guarded.finish()
    XCTAssertEqual(result.clicked, 1)
    XCTAssertFalse(result.stderr.contains("Failed to load module"), result.stderr)
    let outcomes = try JSONLines.objects(in: log).filter { $0["label"] as? String == "Count" }
      .map { $0["outcome"] as? String }
    XCTAssertEqual(outcomes, ["accepted"] + Array(repeating: "dropped", count: 4))

    // gtk-modules=clickguard in settings.ini, the switch for every app of a session.
    let config = prefix + "/config"
    try FileManager.default.createDirectory(atPath: config + "/gtk-3.0", withIntermediateDirectories: true)
    try "[Settings]\ngtk-modules=clickguard\n".write(
      toFile: config + "/gtk-3.0/settings.ini", atomically: true, encoding: .utf8)
    let fromSettings = try FixtureApp(
      modules: nil, environment: ["GTK_PATH": prefix + "/lib/gtk-3.0", "XDG_CONFIG_HOME": config])
    fromSettings.click("count", count: 5)
    XCTAssertEqual(fromSettings.finish().clicked, 1)

    let plain = try FixtureApp(modules: nil)
    plain.click("count", count: 5)
    XCTAssertGreaterThan(plain.finish().clicked ?? 0, 1, "without the module the burst runs more than once")
  }

  func testTheInstalledFilesNeedNoSwiftToolchain() throws {
    let prefix = try InstallHarness.install()
    removeAtEnd(prefix)
    let toolchain = try InstallHarness.toolchainLibraryDirectory()
    let files = [
      prefix + "/lib/gtk-3.0/modules/libclickguard.so", prefix + "/bin/clickguard", prefix + "/bin/clickguard-demo",
      prefix + "/bin/clickguard-settings",
    ]
    for file in files {
      // ldd with an empty environment: no LD_LIBRARY_PATH to find the toolchain through.
      let libraries = try InstallHarness.run(["-i", "PATH=/usr/bin:/bin", "ldd", file])
      XCTAssertFalse(libraries.contains(toolchain), "\(file) needs the toolchain:\n\(libraries)")
      XCTAssertFalse(libraries.contains("libswift"), "\(file) needs a Swift runtime library:\n\(libraries)")
      XCTAssertFalse(libraries.contains("not found"), "\(file):\n\(libraries)")
      let dynamic = try InstallHarness.run(["readelf", "-d", file])
      XCTAssertFalse(dynamic.contains("RUNPATH") || dynamic.contains("RPATH"), "\(file):\n\(dynamic)")
    }
    let help = try InstallHarness.run(["-i", "PATH=/usr/bin:/bin", prefix + "/bin/clickguard", "--help"])
    XCTAssertTrue(help.contains("clickguard"), help)
    // The installed demo finds its .ui files and CSS in share/clickguard and draws.
    let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    let demo = try InstallHarness.run([
      "-i", "PATH=/usr/bin:/bin", "DISPLAY=\(display)", "NO_AT_BRIDGE=1", prefix + "/bin/clickguard-demo",
      "--quit-after-first-frame",
    ])
    XCTAssertTrue(demo.contains("first-frame-ms"), demo)
  }

  /// make install outside /usr: the schema, compiled, under the prefix
  /// (GLib finds it through XDG_DATA_DIRS), and nothing in gsd-xsettings'
  /// fixed directory, which is outside the prefix.
  func testAnInstallOutsideUsrCompilesTheSchemaUnderThePrefixAndWritesNothingForGsd() throws {
    let prefix = try InstallHarness.install()
    removeAtEnd(prefix)
    let schemas = prefix + "/share/glib-2.0/schemas"
    XCTAssertTrue(FileManager.default.fileExists(atPath: schemas + "/io.github.clickguard.gschema.xml"))
    XCTAssertTrue(FileManager.default.fileExists(atPath: schemas + "/gschemas.compiled"), "make install compiles it")
    let keys = try InstallHarness.run([
      "GSETTINGS_SCHEMA_DIR=\(schemas)", "gsettings", "list-keys", "io.github.clickguard",
    ])
    XCTAssertEqual(keys, "enabled\n")
    let files = FileManager.default.enumerator(atPath: prefix)?.compactMap { $0 as? String } ?? []
    XCTAssertFalse(files.contains { $0.hasSuffix("clickguard.desktop") }, "\(files)")

    // GSDMODULEDIR names where the file goes (staged in DESTDIR here).
    let stage = ModuleHarness.scratch.appendingPathComponent("stage-\(UUID().uuidString)").path
    removeAtEnd(stage)
    let gsd = "/usr/lib/gnome-settings-daemon-3.0/gtk-modules"
    try InstallHarness.run([
      "PREFIX=/usr/local", "DESTDIR=\(stage)", "MODULEDIR=", "GSDMODULEDIR=\(gsd)",
      InstallHarness.packageRoot + "/scripts/install.sh", try InstallHarness.staticBuild(),
    ])
    XCTAssertTrue(FileManager.default.fileExists(atPath: stage + gsd + "/clickguard.desktop"))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: stage + "/usr/local/share/glib-2.0/schemas/gschemas.compiled"),
      "a staged install leaves compiling to the machine it lands on")
  }

  /// Full Foundation links ICU's data (about 37 MB) into a static
  /// executable; the command needs only FoundationEssentials (JSON) and the
  /// demo no Foundation at all.
  func testTheInstalledCommandAndDemoCarryNoICUData() throws {
    let prefix = try InstallHarness.install()
    removeAtEnd(prefix)
    for file in [prefix + "/bin/clickguard", prefix + "/bin/clickguard-demo", prefix + "/bin/clickguard-settings"] {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
      XCTAssertNil(bytes.range(of: Data("icudt".utf8)), "\(file) holds ICU's data (it imports Foundation)")
    }
  }

  func testMakeDebBuildsAPackageWithTheExpectedFilesThatGuardsFromItsOwnTree() throws {
    let deb = try InstallHarness.buildDeb()
    removeAtEnd(URL(fileURLWithPath: deb).deletingLastPathComponent().path)
    let listing = try InstallHarness.run(["dpkg-deb", "-c", deb])
    let paths = Set(listing.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
    let moduleDirectory = try InstallHarness.gtkLibraryDirectory() + "/gtk-3.0/modules"
    let expected = [
      "./usr/bin/clickguard", "./usr/bin/clickguard-demo", ".\(moduleDirectory)/libclickguard.so",
      "./usr/share/applications/io.github.clickguard.Demo.desktop", "./usr/share/clickguard/demo.ui",
      "./usr/share/clickguard/demo.css", "./usr/share/doc/clickguard/README.md",
      "./usr/share/doc/clickguard/docs/module.md", "./usr/bin/clickguard-settings",
      "./usr/share/applications/io.github.clickguard.Settings.desktop",
      "./usr/share/man/man1/clickguard-settings.1.gz",
    ]
    for path in expected { XCTAssertTrue(paths.contains(path), "\(path) is not in the package:\n\(listing)") }
    let fields = try InstallHarness.run(["dpkg-deb", "-f", deb, "Package", "Depends"])
    XCTAssertTrue(fields.contains("Package: clickguard"), fields)
    XCTAssertTrue(fields.contains("libgtk-3-0"), fields)

    // Its files, unpacked as dpkg would put them, guard the fixture from there.
    let root = ModuleHarness.scratch.appendingPathComponent("root-\(UUID().uuidString)").path
    removeAtEnd(root)
    try InstallHarness.run(["dpkg-deb", "-x", deb, root])
    let app = try FixtureApp(
      modules: "clickguard", environment: ["GTK_PATH": root + moduleDirectory.dropLast("/modules".count)])
    app.click("count", count: 5)
    XCTAssertEqual(app.finish().clicked, 1)
  }
}
