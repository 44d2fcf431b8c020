// PackageTests: the Debian package as Debian checks it (lintian: no error,
// no warning; hardened, stripped binaries; checksums), and what it ships
// besides the programs: manual pages that list exactly what --help lists
// and render without a warning, bash completion that completes, AppStream
// metadata that validates, GNOME's switch (schema and gsd-xsettings file),
// and one version everywhere.

import ClickGuard
import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class PackageTests: XCTestCase {
  /// Removes `path` (a package's directory, an unpacked tree) when the test ends.
  private func removeAtEnd(_ path: String) {
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Builds the package (scripts/deb.sh over `make static`'s build),
  /// uncompressed unless `compression` says otherwise.
  private func buildDeb(compression: String = "none") throws -> String {
    let deb = try InstallHarness.buildDeb(compression: compression)
    removeAtEnd(URL(fileURLWithPath: deb).deletingLastPathComponent().path)
    return deb
  }

  /// The path of `tool`, or a failure saying how to install it.
  private func require(_ tool: String, from package: String) throws -> String {
    let path = "/usr/bin/" + tool
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw HarnessError("\(tool) is not installed: scripts/deps.sh installs it (package \(package))")
    }
    return path
  }

  // MARK: The package

  func testLintianReportsNoErrorsAndNoWarningsOnThePackage() throws {
    let lintian = try require("lintian", from: "lintian")
    // Compressed: lintian counts an uncompressed package as an error.
    let deb = try buildDeb(compression: "gzip")
    // Every tag it prints, overridden ones included, for the failure message.
    let report = ChildProcess.output(of: lintian, ["--fail-on", "error,warning", "--show-overrides", deb])
    XCTAssertEqual(report.status, 0, "lintian found errors or warnings:\n\(report.output)")
    let tags = report.output.split(separator: "\n").filter { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }
    XCTAssertEqual(tags, [], report.output)
  }

  func testThePackageShipsManualPagesCompletionsMetainfoCopyrightChangelogAndChecksums() throws {
    let deb = try buildDeb()
    let listing = try InstallHarness.run(["dpkg-deb", "-c", deb])
    let paths = Set(listing.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
    let expected = [
      "./usr/share/man/man1/clickguard.1.gz", "./usr/share/man/man1/clickguard-demo.1.gz",
      "./usr/share/bash-completion/completions/clickguard", "./usr/share/bash-completion/completions/clickguard-demo",
      "./usr/share/metainfo/io.github.clickguard.Demo.metainfo.xml", "./usr/share/doc/clickguard/copyright",
      "./usr/share/doc/clickguard/changelog.gz", "./usr/share/lintian/overrides/clickguard",
      // GNOME's switch: the schema (compiled by libglib2.0-0's dpkg trigger,
      // never shipped compiled) and the file gsd-xsettings reads it from.
      "./usr/share/glib-2.0/schemas/io.github.clickguard.gschema.xml",
      "./usr/lib/gnome-settings-daemon-3.0/gtk-modules/clickguard.desktop",
    ]
    for path in expected { XCTAssertTrue(paths.contains(path), "\(path) is not in the package:\n\(listing)") }
    XCTAssertFalse(paths.contains { $0.hasSuffix("gschemas.compiled") }, "the package ships a compiled schema")

    // The copyright file is DEP-5 and names the Swift runtime's licence.
    let root = ModuleHarness.scratch.appendingPathComponent("package-\(UUID().uuidString)").path
    removeAtEnd(root)
    try InstallHarness.run(["dpkg-deb", "-R", deb, root])
    let gnomeFiles = [
      "/usr/share/glib-2.0/schemas/io.github.clickguard.gschema.xml": "io.github.clickguard.gschema.xml",
      "/usr/lib/gnome-settings-daemon-3.0/gtk-modules/clickguard.desktop": "clickguard.desktop",
    ]
    for (path, source) in gnomeFiles {
      XCTAssertEqual(
        try String(contentsOfFile: root + path, encoding: .utf8),
        try String(contentsOfFile: InstallHarness.packageRoot + "/packaging/gnome/" + source, encoding: .utf8), path)
    }
    let copyright = try String(contentsOfFile: root + "/usr/share/doc/clickguard/copyright", encoding: .utf8)
    XCTAssertTrue(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"))
    XCTAssertTrue(copyright.contains("License: Apache-2.0 with Swift-Runtime-Library exception"), copyright)

    // DEBIAN/md5sums lists every file, and every sum matches.
    let sums = try String(contentsOfFile: root + "/DEBIAN/md5sums", encoding: .utf8)
    let summed = Set(sums.split(separator: "\n").map { "./" + $0.dropFirst(34) })
    let files = paths.filter { !$0.hasSuffix("/") }
    XCTAssertEqual(summed, files, "md5sums and the package's files differ")
    let check = ChildProcess.output(of: "/bin/sh", ["-c", "cd '\(root)' && md5sum --quiet -c DEBIAN/md5sums"])
    XCTAssertEqual(check.status, 0, check.output)
  }

  func testEveryShippedBinaryBindsNowHasRelroAndNoCommentSection() throws {
    let deb = try buildDeb()
    let root = ModuleHarness.scratch.appendingPathComponent("binaries-\(UUID().uuidString)").path
    removeAtEnd(root)
    try InstallHarness.run(["dpkg-deb", "-x", deb, root])
    let module = try InstallHarness.gtkLibraryDirectory() + "/gtk-3.0/modules/libclickguard.so"
    for file in ["/usr/bin/clickguard", "/usr/bin/clickguard-demo", module].map({ root + $0 }) {
      let dynamic = try InstallHarness.run(["readelf", "-d", file])
      XCTAssertTrue(dynamic.contains("BIND_NOW") || dynamic.contains("Flags: NOW"), "\(file): no -z now\n\(dynamic)")
      let segments = try InstallHarness.run(["readelf", "-lW", file])
      XCTAssertTrue(segments.contains("GNU_RELRO"), "\(file): no -z relro")
      let sections = try InstallHarness.run(["readelf", "-SW", file])
      XCTAssertFalse(sections.contains(" .comment "), "\(file) keeps its .comment section")
      XCTAssertFalse(sections.contains(" .symtab "), "\(file) is not stripped")
    }
  }

  // MARK: Manual pages

  func testTheManualPagesListExactlyTheOptionsHelpLists() throws {
    let command = try ManualHarness.program("clickguard")
    let manual = ManualHarness.manualOptions(
      try String(contentsOfFile: try ManualHarness.render("clickguard.1"), encoding: .utf8))
    let places = ["", "run", "report", "doctor", "enable", "disable", "status"]
    XCTAssertEqual(Set(manual.keys), Set(places), "the manual's OPTIONS and one subsection per command")
    for place in places {
      let help = try InstallHarness.run([command] + (place.isEmpty ? [] : [place]) + ["--help"])
      let listed = ManualHarness.helpOptions(help)
      XCTAssertFalse(listed.isEmpty, help)
      XCTAssertEqual(manual[place], listed, "clickguard \(place) --help:\n\(help)")
    }

    let demo = try ManualHarness.program("clickguard-demo")
    let demoHelp = try InstallHarness.run(["-u", "DISPLAY", demo, "--help"])
    let demoManual = ManualHarness.manualOptions(
      try String(contentsOfFile: try ManualHarness.render("clickguard-demo.1"), encoding: .utf8))
    XCTAssertTrue(demoHelp.contains("--version"), demoHelp)
    XCTAssertEqual(demoManual, ["": ManualHarness.helpOptions(demoHelp)], "clickguard-demo --help:\n\(demoHelp)")

    let settings = try ManualHarness.program("clickguard-settings")
    let settingsHelp = try InstallHarness.run(["-u", "DISPLAY", settings, "--help"])
    let settingsManual = ManualHarness.manualOptions(
      try String(contentsOfFile: try ManualHarness.render("clickguard-settings.1"), encoding: .utf8))
    let settingsListed = ManualHarness.helpOptions(settingsHelp)
    XCTAssertEqual(settingsManual, ["": settingsListed], "clickguard-settings --help-all:\n\(settingsHelp)")
  }

  func testTheManualPagesRenderWithoutWarnings() throws {
    _ = try require("man", from: "man-db")
    for name in ["clickguard.1", "clickguard-demo.1", "clickguard-settings.1"] {
      let page = try ManualHarness.render(name)
      // As lintian runs man, then groff with every warning on; only
      // what they print on standard error is kept.
      let man = ChildProcess.output(
        of: "/bin/sh",
        ["-c", "LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z '\(page)' 2>&1 >/dev/null"])
      XCTAssertEqual(man.status, 0, man.output)
      XCTAssertEqual(man.output, "", "\(name): man warns")
      let groff = ChildProcess.output(of: "/usr/bin/groff", ["-ww", "-z", "-man", page])
      XCTAssertEqual(groff.status, 0, groff.output)
      XCTAssertEqual(groff.output, "", "\(name): groff warns")
      // whatis reads the NAME line.
      let whatis = try InstallHarness.run(["lexgrog", page])
      XCTAssertTrue(whatis.contains("\"\(name.dropLast(2)) - "), whatis)
    }
  }

  // MARK: Completion

  /// What `function` (from the completion `script`) offers for the command
  /// line `words`, the last being the word under the cursor.
  private func completions(_ script: String, _ function: String, _ words: [String]) throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program =
      "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); \(function); "
      + "printf '%s\\n' \"${COMPREPLY[@]}\""
    let output = try InstallHarness.run(["bash", "--norc", "--noprofile", "-c", program])
    return output.split(separator: "\n").map(String.init)
  }

  func testTheCompletionCompletesCommandsOptionsAndFileNames() throws {
    let script = try ManualHarness.render("clickguard.bash")
    XCTAssertEqual(try completions(script, "_clickguard", ["clickguard", "r"]), ["report", "run"])
    XCTAssertEqual(
      try completions(script, "_clickguard", ["clickguard", ""]),
      ["disable", "doctor", "enable", "report", "run", "status"])
    XCTAssertEqual(try completions(script, "_clickguard", ["clickguard", "--"]), ["--help", "--version"])
    XCTAssertEqual(try completions(script, "_clickguard", ["clickguard", "run", "--in"]), ["--interval-ms"])
    XCTAssertEqual(
      try completions(script, "_clickguard", ["clickguard", "report", "--"]), ["--help", "--json", "--top"])
    XCTAssertEqual(try completions(script, "_clickguard", ["clickguard", "doctor", "--p"]), ["--program"])
    // A value that is a number is not completed; the options after the program are the program's.
    XCTAssertEqual(try completions(script, "_clickguard", ["clickguard", "run", "--interval-ms", ""]), [])
    XCTAssertEqual(try completions(script, "_clickguard", ["clickguard", "run", "gedit", "--"]), [])

    let directory = ModuleHarness.scratch.appendingPathComponent("completion-\(UUID().uuidString)").path
    removeAtEnd(directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data().write(to: URL(fileURLWithPath: directory + "/rules.conf"))
    let file = [directory + "/rules.conf"]
    XCTAssertEqual(try completions(script, "_clickguard", ["clickguard", "run", "--config", directory + "/ru"]), file)
    XCTAssertEqual(
      try completions(script, "_clickguard", ["clickguard", "run", "--config", "=", directory + "/ru"]), file)
    XCTAssertEqual(try completions(script, "_clickguard", ["clickguard", "report", directory + "/ru"]), file)

    let demo = try ManualHarness.render("clickguard-demo.bash")
    XCTAssertEqual(
      try completions(demo, "_clickguard_demo", ["clickguard-demo", "--st"]), ["--stall-every-ms", "--stall-ms"])
    XCTAssertEqual(
      try completions(demo, "_clickguard_demo", ["clickguard-demo", "--log-file", directory + "/ru"]), file)
  }

  // MARK: AppStream and versions

  func testTheDemoMetainfoValidates() throws {
    let appstreamcli = try require("appstreamcli", from: "appstream")
    let metainfo = InstallHarness.packageRoot + "/Resources/io.github.clickguard.Demo.metainfo.xml"
    let result = ChildProcess.output(of: appstreamcli, ["validate", "--no-net", "--pedantic", metainfo])
    XCTAssertEqual(result.status, 0, result.output)
    let metadata = try String(contentsOfFile: metainfo, encoding: .utf8)
    XCTAssertTrue(metadata.contains("<launchable type=\"desktop-id\">io.github.clickguard.Demo.desktop</launchable>"))
    XCTAssertTrue(metadata.contains("<binary>clickguard-demo</binary>"))
  }

  func testEveryProgramPrintsItsNameAndVersion() throws {
    let programs = [
      "clickguard", "clickguard-demo", "clickguard-settings", "clickguard-showcase", "clickguard-bench",
      "clickguard-bench-gtk4",
    ]
    for program in programs {
      let output = try InstallHarness.run(["-u", "DISPLAY", try ManualHarness.program(program), "--version"])
      XCTAssertEqual(output, "\(program) \(ClickGuardVersion.current)\n")
    }
  }

  func testTheMakefileChangelogAndMetainfoCarryTheVersionOfTheSwiftSource() throws {
    let root = InstallHarness.packageRoot
    let version = ClickGuardVersion.current
    XCTAssertEqual(try InstallHarness.run([root + "/scripts/version.sh"]), version + "\n")
    let changelog = try String(contentsOfFile: root + "/packaging/changelog", encoding: .utf8)
    XCTAssertTrue(changelog.hasPrefix("clickguard (\(version)) "), "packaging/changelog needs an entry for \(version)")
    let metainfo = try String(
      contentsOfFile: root + "/Resources/io.github.clickguard.Demo.metainfo.xml", encoding: .utf8)
    let newest = metainfo.components(separatedBy: "<release version=\"").dropFirst().first?.prefix { $0 != "\"" }
    XCTAssertEqual(newest.map(String.init), version, "the metainfo's newest release is not \(version)")
  }
}
